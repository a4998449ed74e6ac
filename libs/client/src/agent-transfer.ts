import { LimbicError } from './errors';
import { jsonLines } from './json-lines';
import { HttpClient, IdleTimer } from './transport';

export interface ImportSummary {
  readonly agentId: string;
  readonly memories: number;
  readonly edges: number;
  readonly goals: number;
  readonly concepts: number;
  readonly revisions: number;
}

/** Bytes moved so far, for a progress bar. */
export type TransferProgress = (bytes: number) => void;

export type ImportSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

export interface TransferOptions {
  readonly signal?: AbortSignal;
  /**
   * A transfer of any size may take hours; it fails when nothing moved for this long (no
   * chunk read or sent, no answer to a finished upload). Default 5 minutes: an import answers
   * only once the server has written every line, in one transaction.
   */
  readonly idleTimeoutMs?: number;
}

export const DEFAULT_TRANSFER_IDLE_MS = 5 * 60_000;

/** Exports and imports move whole agents as JSON Lines over plain HTTP, so neither side holds the file in memory. */
export class AgentTransfer {
  constructor(private readonly http: HttpClient) {}

  /** The agent's export, one JSON line at a time (each without its newline), as the server streams it. */
  async *exportLines(agentId: string, onProgress?: TransferProgress, options: TransferOptions = {}): AsyncGenerator<string> {
    const idle = new IdleTimer(options.idleTimeoutMs ?? DEFAULT_TRANSFER_IDLE_MS);
    try {
      const res = await this.http.send(`/agents/${encodeURIComponent(agentId)}/export`, { method: 'GET', headers: this.http.headers() }, { signal: options.signal, timeoutMs: Infinity, idle });
      if (!res.ok || !res.body) throw await HttpClient.failure(res);
      const lines = jsonLines(res.body, (bytes) => {
        idle.touch();
        onProgress?.(bytes);
      });
      try {
        for (;;) {
          const next = await this.http.read(res, () => lines.next());
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // A caller that stops early (break, throw) must not leave the response open: this cancels it.
        await lines.return(undefined).catch(() => undefined);
      }
    } finally {
      idle.clear();
    }
  }

  /** Restores an export into a new agent; the server validates every line before it writes one. */
  async import(newAgentId: string, source: ImportSource, onProgress?: TransferProgress, options: TransferOptions = {}): Promise<ImportSummary> {
    const idle = new IdleTimer(options.idleTimeoutMs ?? DEFAULT_TRANSFER_IDLE_MS);
    const encoder = new TextEncoder();
    let bytes = 0;
    async function* body(): AsyncGenerator<Uint8Array> {
      for await (const part of source) {
        const chunk = typeof part === 'string' ? encoder.encode(part) : part;
        bytes += chunk.byteLength;
        idle.touch();
        onProgress?.(bytes);
        yield chunk;
      }
      // The upload is done: from here the server's write of the whole import is what we wait for.
      idle.touch();
    }
    try {
      const res = await this.http.send(
        `/agents/${encodeURIComponent(newAgentId)}/import`,
        { method: 'POST', headers: this.http.headers({ 'content-type': 'application/x-ndjson' }), body: ReadableStream.from(body()), duplex: 'half' },
        { signal: options.signal, timeoutMs: Infinity, idle },
      );
      if (!res.ok) throw await HttpClient.failure(res);
      const summary = (await this.http.read(res, (r) => r.json())) as ImportSummary | null;
      if (typeof summary?.agentId !== 'string') throw new LimbicError('INTERNAL_SERVER_ERROR', 'the import answered without a summary');
      return summary;
    } finally {
      idle.clear();
    }
  }
}
