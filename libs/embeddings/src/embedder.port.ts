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

/**
 * Injection token for the embedder services use: the tenant's active model (@limbic/graph
 * SpaceEmbedder, provided by GraphModule).
 */
export const EMBEDDER = Symbol('EMBEDDER');

/** Injection token for the embedder LIMBIC_EMBEDDER… configures (a fresh store starts on it). */
export const CONFIGURED_EMBEDDER = Symbol('CONFIGURED_EMBEDDER');

export class EmbeddingError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
    this.name = 'EmbeddingError';
  }
}
