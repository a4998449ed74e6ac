/**
 * Where a tenant's vectors live. Two slots, so that a re-embed can fill the inactive one while
 * recall reads the active one, and switch by flipping a pointer instead of rewriting in place.
 * Each slot has its own filtered vector index (its own dimension, reembed.create-index's filter
 * properties and HNSW settings): `embedding` replaces schema 013's at boot, `embeddingAlt` is
 * created by a re-embed run when it needs it.
 */
export type EmbeddingSlot = 'embedding' | 'embeddingAlt';

export const EMBEDDING_SLOTS: readonly EmbeddingSlot[] = ['embedding', 'embeddingAlt'];

export const SLOT_INDEX: Readonly<Record<EmbeddingSlot, string>> = {
  embedding: 'memory_embedding_hnsw',
  embeddingAlt: 'memory_embedding_alt_hnsw',
};

/**
 * Each slot's indexes as earlier schemas built them, newest first: schema 013's (filtered by
 * scope and occurredAt too, HNSW at Neo4j's defaults) and schema 009 / 010's (without those two
 * filters). replaceLegacySlotIndexes replaces whichever a store still has at boot, at its own
 * dimension.
 */
/** Schema 013's slot indexes (the SEARCH queries named them until the current ones replaced them). */
const FILTERED_SLOT_INDEX: Readonly<Record<EmbeddingSlot, string>> = {
  embedding: 'memory_embedding_filtered',
  embeddingAlt: 'memory_embedding_alt_filtered',
};

export const LEGACY_SLOT_INDEXES: Readonly<Record<EmbeddingSlot, readonly string[]>> = {
  embedding: [FILTERED_SLOT_INDEX.embedding, 'memory_embedding_by_agent'],
  embeddingAlt: [FILTERED_SLOT_INDEX.embeddingAlt, 'memory_embedding_alt_by_agent'],
};

/** The slot a freshly created store (and a tenant with no space of its own) uses. */
export const DEFAULT_SLOT: EmbeddingSlot = 'embedding';

export function otherSlot(slot: EmbeddingSlot): EmbeddingSlot {
  return slot === 'embedding' ? 'embeddingAlt' : 'embedding';
}

export function isEmbeddingSlot(value: unknown): value is EmbeddingSlot {
  return value === 'embedding' || value === 'embeddingAlt';
}

/** Node property access `.embedding` / `.embeddingAlt` (not `$embedding`, not `embeddingModel`, not map keys). */
const SLOT_PROPERTY = /\.(embedding|embeddingAlt)(?![\w])/g;
/** Index names and their other slot's: the current indexes and schema 013's (dropped at boot by reembed.drop-filtered-index). */
const SLOT_INDEX_PAIRS: ReadonlyMap<string, string> = new Map(
  [SLOT_INDEX, FILTERED_SLOT_INDEX].flatMap((names) => [
    [names.embedding, names.embeddingAlt],
    [names.embeddingAlt, names.embedding],
  ]),
);
const SLOT_INDEX_NAME = new RegExp(`\\b(${[...SLOT_INDEX_PAIRS.keys()].join('|')})\\b`, 'g');

/**
 * The `embeddingAlt` variant of a query written for the `embedding` slot: every node property
 * access and the index name swapped. Done once at boot by the registry, so the hot queries
 * keep static property access (no `m[$prop]`) and SEARCH keeps a literal index name, which
 * Cypher requires. The convention that makes this safe: in cypher/queries, `.embedding` is
 * only ever a node's vector; parameter and map values use another key (`vector`).
 */
export function swapSlot(text: string): string {
  return text
    .replace(SLOT_PROPERTY, (_m, p: string) => (p === 'embedding' ? '.embeddingAlt' : '.embedding'))
    .replace(SLOT_INDEX_NAME, (n: string) => SLOT_INDEX_PAIRS.get(n) ?? n);
}
