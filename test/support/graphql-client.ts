export interface GqlError {
  message: string;
  extensions?: { code?: string; [k: string]: unknown };
}

export interface GqlResponse<T> {
  data?: T | null;
  errors?: GqlError[];
}

/** A bare HTTP GraphQL client: the tests speak to the API exactly as users do. */
export class GraphqlClient {
  constructor(
    private readonly url: string,
    private readonly key?: string,
  ) {}

  withKey(key: string | undefined): GraphqlClient {
    return new GraphqlClient(this.url, key);
  }

  async request<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<GqlResponse<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.key) headers.authorization = `Bearer ${this.key}`;
    const res = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return (await res.json()) as GqlResponse<T>;
  }

  /** Runs an operation that must succeed, returning its data. */
  async ok<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const r = await this.request<T>(query, variables);
    if (r.errors?.length || !r.data) throw new Error(`GraphQL error: ${JSON.stringify(r.errors)}`);
    return r.data;
  }

  /** Runs an operation that must fail, returning the first error's code. */
  async errorCode(query: string, variables: Record<string, unknown> = {}): Promise<string | undefined> {
    const r = await this.request(query, variables);
    if (!r.errors?.length) throw new Error(`expected an error, got ${JSON.stringify(r.data)}`);
    return r.errors[0]?.extensions?.code;
  }
}
