import { LimbicError } from './errors';
import { HttpClient } from './transport';

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

/** Exports and imports move whole agents as JSON Lines over plain HTTP, so neither side holds the file in memory. */
export class AgentTransfer {
  constructor(private readonly http: HttpClient) {}

  /** The agent's export, one JSON line at a time (each without its newline), as the server streams it. */
  async *exportLines(agentId: string, onProgress?: TransferProgress): AsyncGenerator<string> {
    const res = await this.http.fetch(`/agents/${encodeURIComponent(agentId)}/export`, { method: 'GET', headers: this.http.headers() }, undefined, 24 * 3_600_000);
    if (!res.ok || !res.body) throw await HttpClient.failure(res);
    const decoder = new TextDecoder();
    let bytes = 0;
    let rest = '';
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      onProgress?.(bytes);
      const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line) yield line;
    }
    rest += decoder.decode();
    if (rest) yield rest;
  }

  /** Restores an export into a new agent; the server validates every line before it writes one. */
  async import(newAgentId: string, source: ImportSource, onProgress?: TransferProgress): Promise<ImportSummary> {
    const encoder = new TextEncoder();
    let bytes = 0;
    async function* body(): AsyncGenerator<Uint8Array> {
      for await (const part of source) {
        const chunk = typeof part === 'string' ? encoder.encode(part) : part;
        bytes += chunk.byteLength;
        onProgress?.(bytes);
        yield chunk;
      }
    }
    const res = await this.http.fetch(
      `/agents/${encodeURIComponent(newAgentId)}/import`,
      { method: 'POST', headers: this.http.headers({ 'content-type': 'application/x-ndjson' }), body: ReadableStream.from(body()), duplex: 'half' },
      undefined,
      24 * 3_600_000,
    );
    if (!res.ok) throw await HttpClient.failure(res);
    const summary = (await res.json()) as ImportSummary;
    if (typeof summary?.agentId !== 'string') throw new LimbicError('INTERNAL_SERVER_ERROR', 'the import answered without a summary');
    return summary;
  }
}
