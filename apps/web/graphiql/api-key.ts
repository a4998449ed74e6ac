/**
 * The API key, as a person gives it: in the Headers tab of any tab. Once the API accepted it,
 * it is kept for the browser session (sessionStorage: gone when the tab closes, never in
 * localStorage, where GraphiQL keeps its tabs) and sent by every tab whose headers still hold
 * the template's placeholder.
 */
export const KEY_PLACEHOLDER = '<your API key>';
export const KEY_HEADERS_TEMPLATE = JSON.stringify({ Authorization: `Bearer ${KEY_PLACEHOLDER}` }, null, 2);

const STORAGE_KEY = 'limbic.graphiql.apiKey';

export interface Outgoing {
  readonly headers: Record<string, string>;
  /** The key they carry, if any. */
  readonly key: string | null;
}

export class ApiKeySession {
  constructor(private readonly storage: Storage) {}

  get key(): string | null {
    return this.storage.getItem(STORAGE_KEY);
  }

  /** Keeps a key the API accepted; true when it is a new one. */
  remember(key: string): boolean {
    if (key === this.key) return false;
    this.storage.setItem(STORAGE_KEY, key);
    return true;
  }

  /** The headers to send: the tab's own key, else the session's (none when neither has one). */
  headersFor(headers: Readonly<Record<string, string>>): Outgoing {
    const own = authorizationName(headers);
    const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== own));
    const key = bearerKey(own === undefined ? undefined : headers[own]) ?? this.key;
    return { headers: key === null ? rest : { ...rest, Authorization: `Bearer ${key}` }, key };
  }
}

function bearerKey(authorization: string | undefined): string | null {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  // The template's placeholder has spaces and never matches; a shorter "<key>" is one too.
  return key === undefined || key.startsWith('<') ? null : key;
}

function authorizationName(headers: Readonly<Record<string, string>>): string | undefined {
  return Object.keys(headers).find((name) => name.toLowerCase() === 'authorization');
}
