import type { Embedder, EmbedderPool } from '@limbic/embeddings';
import type { EmbeddingSpaces } from './embedding-spaces';

/**
 * The `EMBEDDER` services inject: the model of the pinned tenant's active slot. While a tenant is
 * being re-embedded its queries and new memories stay on the old model (recall reads the old
 * slot); from the switch on, on the new one. Outside a pinned request: the fallback space.
 */
export class SpaceEmbedder implements Embedder {
  constructor(
    private readonly spaces: EmbeddingSpaces,
    private readonly pool: EmbedderPool,
  ) {}

  get name(): string {
    return this.spaces.spaceOf().model;
  }

  get dimension(): number {
    return this.active().dimension;
  }

  /** The active model's cosine scale: scores read from the pinned tenant's slot are calibrated with the model that wrote them. */
  get cosineScale(): number {
    return this.active().cosineScale;
  }

  embed(texts: readonly string[]): Promise<number[][]> {
    return this.active().embed(texts);
  }

  private active(): Embedder {
    return this.pool.get(this.spaces.spaceOf().model);
  }
}
