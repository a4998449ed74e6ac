import type { OpenAiEmbedderSettings } from '@limbic/config';
import { EmbeddingError, type Embedder } from './embedder.port';

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: unknown }[];
}

/**
 * Any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Azure-style proxies, vLLM,
 * Ollama, LM Studio …). Batches requests, times each one out, and retries rate limits,
 * server errors and network failures with exponential backoff.
 */
export class OpenAiEmbedder implements Embedder {
  readonly name: string;
  readonly dimension: number;
  /** Not measured here (no access to the API): taken as the reference scale. */
  readonly cosineScale = 1;

  constructor(
    private readonly settings: OpenAiEmbedderSettings,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.name = `openai:${settings.model}`;
    this.dimension = settings.dimension;
  }

  async embed(texts: readonly string[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += this.settings.batchSize) {
      out.push(...(await this.embedBatch(texts.slice(i, i + this.settings.batchSize))));
    }
    return out;
  }

  private async embedBatch(batch: readonly string[]): Promise<number[][]> {
    let lastError: EmbeddingError | undefined;
    for (let attempt = 0; attempt <= this.settings.maxRetries; attempt++) {
      if (attempt > 0) await this.sleep(Math.min(8000, 250 * 2 ** (attempt - 1)));
      try {
        return await this.request(batch);
      } catch (err) {
        lastError = err instanceof EmbeddingError ? err : new EmbeddingError(String(err), true);
        if (!lastError.retryable) throw lastError;
      }
    }
    throw lastError ?? new EmbeddingError('embedding failed', true);
  }

  private async request(batch: readonly string[]): Promise<number[][]> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;
    let res: Response;
    try {
      res = await fetch(`${this.settings.baseUrl}/embeddings`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.settings.model, input: batch }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      // DOMException from AbortSignal.timeout is not always an `instanceof Error` (other realm).
      const reason = (err as { name?: unknown } | null)?.name === 'TimeoutError' ? `timed out after ${this.settings.timeoutMs} ms` : String(err);
      throw new EmbeddingError(`embeddings endpoint unreachable: ${reason}`, true);
    }
    if (!res.ok) {
      const retryable = res.status === 429 || res.status >= 500;
      throw new EmbeddingError(`embeddings endpoint answered HTTP ${res.status}`, retryable);
    }
    const body = (await res.json()) as EmbeddingsResponse;
    const rows = body.data ?? [];
    if (rows.length !== batch.length) {
      throw new EmbeddingError(`embeddings endpoint returned ${rows.length} vectors for ${batch.length} inputs`, false);
    }
    const vectors = new Array<number[]>(batch.length);
    rows.forEach((row, i) => {
      const v = row.embedding;
      if (!Array.isArray(v) || v.length !== this.dimension || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw new EmbeddingError(
          `embeddings endpoint returned a vector of length ${Array.isArray(v) ? v.length : 'n/a'}, expected ${this.dimension} (OPENAI_EMBEDDING_DIM)`,
          false,
        );
      }
      vectors[row.index ?? i] = v as number[];
    });
    return vectors;
  }
}
