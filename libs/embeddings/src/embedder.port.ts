/** Turns texts into vectors. Batch in, vectors out (same order), dimension fixed per instance. */
export interface Embedder {
  /** Stable name recorded with the schema, e.g. `hash-384` or `openai:text-embedding-3-small`. */
  readonly name: string;
  readonly dimension: number;
  /**
   * How far this model's cosines must be stretched to sit on the reference scale every
   * threshold and weight was set on (libs/affect math/cosine-scale.ts); 1 is the reference.
   */
  readonly cosineScale: number;
  embed(texts: readonly string[]): Promise<number[][]>;
}

/** Injection token for the active Embedder. */
export const EMBEDDER = Symbol('EMBEDDER');

export class EmbeddingError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
    this.name = 'EmbeddingError';
  }
}
