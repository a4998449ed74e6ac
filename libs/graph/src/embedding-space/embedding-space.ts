import { DEFAULT_SLOT, type EmbeddingSlot } from './embedding-slot';

/** Which slot a tenant's recall reads, and the model (embedder name) whose vectors it holds. */
export interface EmbeddingSpace {
  readonly slot: EmbeddingSlot;
  readonly model: string;
  readonly dimension: number;
}

/**
 * Every tenant's space as one process last read them. Immutable: a refresh makes a new one, so a
 * request that pinned a snapshot (EmbeddingSpaces.pin) sees one consistent answer throughout.
 * A tenant with no `(:LimbicEmbeddingSpace)` node has never been moved: it is on the default
 * slot with the configured embedder, as every store was before re-embedding existed.
 */
export class SpaceSnapshot {
  constructor(
    readonly fallback: EmbeddingSpace,
    private readonly byTenant: ReadonlyMap<string, EmbeddingSpace> = new Map(),
  ) {}

  of(tenantId: string): EmbeddingSpace {
    return this.byTenant.get(tenantId) ?? this.fallback;
  }

  tenants(): ReadonlyMap<string, EmbeddingSpace> {
    return this.byTenant;
  }
}

export function fallbackSpace(embedder: { name: string; dimension: number }): EmbeddingSpace {
  return { slot: DEFAULT_SLOT, model: embedder.name, dimension: embedder.dimension };
}
