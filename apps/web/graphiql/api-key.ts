/**
 * The API key, as a person gives it: in the Headers tab of any tab, once. It is kept for the
 * browser session (sessionStorage: gone when the tab closes, never in localStorage, where
 * GraphiQL keeps its tabs) and sent by every tab whose headers still hold the template.
 */
export const KEY_PLACEHOLDER = '<your API key>';
export const KEY_HEADERS_TEMPLATE = JSON.stringify({ Authorization: `Bearer ${KEY_PLACEHOLDER}` }, null, 2);

const STORAGE_KEY = 'limbic.graphiql.apiKey';

export class ApiKeySession {
  constructor(private readonly storage: Storage) {}

  get key(): string | null {
    return this.storage.getItem(STORAGE_KEY);
  }

  /** Keeps the key of a headers editor's text, if it holds one; true when the kept key changed. */
  rememberFrom(headersText: string): boolean {
    const key = bearerKey(parseHeaders(headersText));
    if (key === null || key === this.key) return false;
    this.storage.setItem(STORAGE_KEY, key);
    return true;
  }

  /** The headers to send: the tab's own key, else the session's (none when neither has one). */
  headersFor(headers: Readonly<Record<string, string>>): Record<string, string> {
    const own = authorizationName(headers);
    const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== own));
    const key = bearerKey(headers) ?? this.key;
    return key === null ? rest : { ...rest, Authorization: `Bearer ${key}` };
  }
}

function bearerKey(headers: Readonly<Record<string, string>>): string | null {
  const name = authorizationName(headers);
  const match = name === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(headers[name] ?? '');
  const key = match?.[1];
  // The template's placeholder has spaces and never matches; a shorter "<key>" is one too.
  return key === undefined || key.startsWith('<') ? null : key;
}

function authorizationName(headers: Readonly<Record<string, string>>): string | undefined {
  return Object.keys(headers).find((name) => name.toLowerCase() === 'authorization');
}

/** The headers editor's JSON; anything else (half-typed) holds no key yet. */
function parseHeaders(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}
