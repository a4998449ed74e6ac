import { codeOfStatus, errorFromCode, NetworkError } from './errors';

/** One GraphQL request as it goes over the wire. */
export interface GraphqlRequest {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly operationName?: string;
}

export interface GraphqlErrorBody {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: { readonly code?: string; readonly field?: string; readonly retryAfterMs?: number; readonly [k: string]: unknown };
}

export interface GraphqlResponse {
  readonly data?: unknown;
  readonly errors?: readonly GraphqlErrorBody[];
}

/**
 * How a request reaches the API: over HTTP for a remote service, or in the API's own process
 * (the MCP endpoint executes on the server it is mounted on). Throws a NetworkError when no
 * response came back; a response with errors is returned, not thrown.
 */
export interface GraphqlTransport {
  execute(request: GraphqlRequest, signal?: AbortSignal): Promise<GraphqlResponse>;
}

export interface HttpOptions {
  /** The API's base URL, e.g. http://127.0.0.1:4000 (no /graphql). */
  readonly url: string;
  readonly apiKey?: string;
  /** Per request; default 30 s. */
  readonly timeoutMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Error codes of a connection that never opened: the server cannot have seen the request. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export class HttpClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: HttpOptions) {
    this.baseUrl = options.url.replace(/\/+$/, '').replace(/\/graphql$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...this.options.headers,
      ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      ...extra,
    };
  }

  /** fetch with the key, the timeout and failures turned into NetworkError; the caller reads the body. */
  async fetch(path: string, init: RequestInit & { duplex?: 'half' }, signal?: AbortSignal, timeoutMs = this.timeoutMs): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(`${this.baseUrl}${path}`, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (err) {
      if (signal?.aborted) throw err;
      const code = causeCode(err);
      const sent = !(code && NOT_SENT_CODES.has(code));
      const reason = timeout.aborted ? `no response within ${timeoutMs} ms` : (code ?? (err instanceof Error ? err.message : String(err)));
      throw new NetworkError(`cannot reach Limbic at ${this.baseUrl}: ${reason}`, sent, { cause: err });
    }
  }

  /** A response that is not what the route promises, as the error its status stands for. */
  static async failure(res: Response): Promise<Error> {
    const text = await res.text().catch(() => '');
    let parsed: { message?: unknown; code?: unknown; errors?: GraphqlErrorBody[] } | undefined;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = undefined;
    }
    const first = parsed?.errors?.[0];
    if (first) return errorFromCode(first.extensions?.code ?? codeOfStatus(res.status), first.message, { status: res.status });
    const code = typeof parsed?.code === 'string' ? parsed.code : codeOfStatus(res.status);
    const message = typeof parsed?.message === 'string' ? parsed.message : `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
    return errorFromCode(code, message, { status: res.status, retryAfterMs: retryAfterOf(res) });
  }
}

export class HttpTransport implements GraphqlTransport {
  constructor(readonly http: HttpClient) {}

  async execute(request: GraphqlRequest, signal?: AbortSignal): Promise<GraphqlResponse> {
    const res = await this.http.fetch(
      '/graphql',
      { method: 'POST', headers: this.http.headers({ 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' }), body: JSON.stringify(request) },
      signal,
    );
    const text = await res.text();
    let body: GraphqlResponse | undefined;
    try {
      body = JSON.parse(text) as GraphqlResponse;
    } catch {
      body = undefined;
    }
    if (body && (body.data !== undefined || body.errors?.length)) return body;
    const code = codeOfStatus(res.status);
    throw errorFromCode(code, `HTTP ${res.status} from ${this.http.baseUrl}/graphql${text ? `: ${text.slice(0, 200)}` : ''}`, { status: res.status, retryAfterMs: retryAfterOf(res) });
  }
}

function causeCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function retryAfterOf(res: Response): number | undefined {
  const header = res.headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}
