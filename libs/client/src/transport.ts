import { CONSISTENCY_HEADER, ConsistencyJar } from './consistency';
import { codeOfStatus, errorFromCode, errorFromGraphql, NetworkError, type GraphqlErrorBody, type LimbicError } from './errors';

export type { GraphqlErrorBody } from './errors';

/** One GraphQL request as it goes over the wire. */
export interface GraphqlRequest {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly operationName?: string;
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
  /** Per request, from sending to the last byte of the answer; default 30 s. */
  readonly timeoutMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Carry consistency tokens from answer to request (default true), so that a read sees this
   * client's earlier writes whichever API replica serves it. `consistencyToken` seeds the jar,
   * e.g. with another client's `consistency.header`.
   */
  readonly consistency?: boolean;
  readonly consistencyToken?: string;
}

/** How long one request may take: in all, or (for streams of any length) between two chunks. */
export interface RequestTiming {
  readonly signal?: AbortSignal;
  /** Default the client's timeoutMs; Infinity for none. */
  readonly timeoutMs?: number;
  /** Set by streams: touched on every chunk, it fails the request when nothing moved for its span. */
  readonly idle?: IdleTimer;
}

/** Error codes of a connection that never opened: the server cannot have seen the request. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** A deadline that moves on whenever the stream it guards makes progress. */
export class IdleTimer {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly ms: number) {
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get fired(): boolean {
    return this.controller.signal.aborted;
  }

  touch(): void {
    clearTimeout(this.timer);
    if (this.fired) return;
    this.timer = setTimeout(() => this.controller.abort(new DOMException(`nothing moved for ${this.ms} ms`, 'TimeoutError')), this.ms);
    // A pending deadline is no reason for a Node process to stay up (browsers have no unref).
    (this.timer as { unref?: () => void } | undefined)?.unref?.();
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

export class HttpClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** The consistency tokens carried; null when turned off. */
  readonly consistency: ConsistencyJar | null;

  constructor(private readonly options: HttpOptions) {
    this.baseUrl = options.url.replace(/\/+$/, '').replace(/\/graphql$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.consistency = options.consistency === false ? null : new ConsistencyJar(options.consistencyToken);
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...this.options.headers,
      ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      ...extra,
    };
  }

  /** fetch with the key, the timeout and failures turned into NetworkError; the caller reads the body (see `read`). */
  async fetch(path: string, init: RequestInit & { duplex?: 'half' }, signal?: AbortSignal, timeoutMs = this.timeoutMs): Promise<Response> {
    return this.send(path, init, { signal, timeoutMs });
  }

  /**
   * Like `fetch`, with the timing as one object; a body read later fails the same way through
   * `read`. Carries the consistency tokens. The API refuses tokens it did not issue (another
   * deployment's, or from before its secret changed) before running anything: the jar is then
   * emptied and a request whose body can be sent again is sent once more without them.
   */
  async send(path: string, init: RequestInit & { duplex?: 'half' }, timing: RequestTiming = {}): Promise<Response> {
    const jar = this.consistency;
    const sent = jar?.snapshot() ?? [];
    const res = await this.sendOnce(path, withConsistency(init, jar?.header), timing);
    jar?.received(sent, res.headers.get(CONSISTENCY_HEADER));
    if (!jar || sent.length === 0 || res.status !== 400 || !(await refusesTokens(res))) return res;
    jar.clear();
    if (typeof init.body !== 'string' && init.body !== undefined && init.body !== null) return res;
    const again = await this.sendOnce(path, init, timing);
    jar.received([], again.headers.get(CONSISTENCY_HEADER));
    return again;
  }

  private async sendOnce(path: string, init: RequestInit & { duplex?: 'half' }, timing: RequestTiming): Promise<Response> {
    const deadline = deadlineOf(timing.timeoutMs ?? this.timeoutMs);
    const signals = [timing.signal, deadline?.signal, timing.idle?.signal].filter((s): s is AbortSignal => s !== undefined);
    const attempt = { signal: timing.signal, deadline, idle: timing.idle };
    try {
      const res = await fetch(`${this.baseUrl}${path}`, { ...init, signal: signals.length > 0 ? AbortSignal.any(signals) : null });
      responses.set(res, attempt);
      return res;
    } catch (err) {
      throw this.failed(err, attempt, false);
    }
  }

  /** Reads what `send` began; a connection that breaks or stalls mid-answer is a NetworkError that was sent. */
  async read<T>(res: Response, reader: (res: Response) => Promise<T>): Promise<T> {
    try {
      return await reader(res);
    } catch (err) {
      throw this.failed(err, responses.get(res) ?? {}, true);
    }
  }

  private failed(err: unknown, attempt: Attempt, answered: boolean): unknown {
    // The caller's own cancel comes back as the caller's reason, not as a failure to retry.
    if (attempt.signal?.aborted) return attempt.signal.reason ?? err;
    if (err instanceof NetworkError) return err;
    const code = causeCode(err);
    const sent = answered || !(code && NOT_SENT_CODES.has(code));
    const reason = attempt.deadline?.signal.aborted
      ? `no answer within ${attempt.deadline.ms} ms`
      : attempt.idle?.fired
        ? `nothing moved for ${attempt.idle.ms} ms`
        : answered
          ? `the connection broke during the answer (${code ?? (err instanceof Error ? err.message : String(err))})`
          : (code ?? (err instanceof Error ? err.message : String(err)));
    return new NetworkError(`cannot reach Limbic at ${this.baseUrl}: ${reason}`, sent, { cause: err });
  }

  /** A response that is not what the route promises, as the error its status stands for. */
  static async failure(res: Response): Promise<LimbicError> {
    const text = await res.text().catch(() => '');
    let parsed: { message?: unknown; code?: unknown; errors?: GraphqlErrorBody[] } | undefined;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = undefined;
    }
    const retryAfterMs = retryAfterOf(res);
    const first = Array.isArray(parsed?.errors) ? parsed.errors[0] : undefined;
    if (first) {
      const err = errorFromGraphql(first, res.status);
      return err.details.retryAfterMs === undefined && retryAfterMs !== undefined ? errorFromCode(err.code, err.message, { ...err.details, retryAfterMs }) : err;
    }
    const code = typeof parsed?.code === 'string' ? parsed.code : codeOfStatus(res.status);
    const message = typeof parsed?.message === 'string' ? parsed.message : `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
    return errorFromCode(code, message, { status: res.status, retryAfterMs });
  }
}

interface Attempt {
  readonly signal?: AbortSignal;
  readonly deadline?: { readonly signal: AbortSignal; readonly ms: number };
  readonly idle?: IdleTimer;
}

/** How each response was asked for, so a failure while reading its body is described like one while sending. */
const responses = new WeakMap<Response, Attempt>();

export class HttpTransport implements GraphqlTransport {
  constructor(readonly http: HttpClient) {}

  async execute(request: GraphqlRequest, signal?: AbortSignal): Promise<GraphqlResponse> {
    const res = await this.http.send(
      '/graphql',
      { method: 'POST', headers: this.http.headers({ 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' }), body: JSON.stringify(request) },
      { signal },
    );
    const text = await this.http.read(res, (r) => r.text());
    let body: GraphqlResponse | undefined;
    try {
      body = JSON.parse(text) as GraphqlResponse;
    } catch {
      body = undefined;
    }
    if (body && typeof body === 'object' && (body.data !== undefined || (Array.isArray(body.errors) && body.errors.length > 0))) return body;
    throw errorFromCode(codeOfStatus(res.status), `HTTP ${res.status} from ${this.http.baseUrl}/graphql${text ? `: ${text.slice(0, 200)}` : ''}`, {
      status: res.status,
      retryAfterMs: retryAfterOf(res),
    });
  }
}

function withConsistency(init: RequestInit & { duplex?: 'half' }, header: string | undefined): RequestInit & { duplex?: 'half' } {
  if (header === undefined) return init;
  const headers = new Headers(init.headers);
  headers.set(CONSISTENCY_HEADER, header);
  return { ...init, headers };
}

/** A 400 that names the consistency header: the API refused the tokens, not the request. */
async function refusesTokens(res: Response): Promise<boolean> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { field?: unknown; errors?: { extensions?: { field?: unknown } }[] } | null;
  return body?.field === CONSISTENCY_HEADER || body?.errors?.[0]?.extensions?.field === CONSISTENCY_HEADER;
}

function deadlineOf(ms: number): { signal: AbortSignal; ms: number } | undefined {
  return Number.isFinite(ms) ? { signal: AbortSignal.timeout(Math.max(1, Math.ceil(ms))), ms } : undefined;
}

function causeCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Retry-After in seconds or as an HTTP date, in ms from now. */
export function retryAfterOf(res: Pick<Response, 'headers'>, now = Date.now()): number | undefined {
  const header = res.headers.get('retry-after');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}
