import { EMBEDDING_SLOTS, type EmbeddingSlot } from '../embedding-space/embedding-slot';
import type { ReembedRepository } from './reembed.repository';

/**
 * Each slot's vector index as the current code builds it (reembed.create-index: HNSW with more
 * links per node and a wider candidate list while building; bench/vector-accuracy/README.md says
 * why) replaces the one an earlier schema built (LEGACY_SLOT_INDEXES), at the old one's
 * dimension, which a migration file cannot know (a re-embedded store's slots differ). Drop and
 * create are one transaction; the new index populates in the background while AgentVectorSearch
 * answers that slot's tenants by exact scan. Runs at boot after the migrations; idempotent, so
 * API and worker may both run it. Returns the slots it replaced, with their dimension.
 */
export async function replaceLegacySlotIndexes(
  repo: Pick<ReembedRepository, 'legacyIndexDimension' | 'replaceLegacyIndexes'>,
): Promise<{ readonly slot: EmbeddingSlot; readonly dimension: number }[]> {
  const replaced: { slot: EmbeddingSlot; dimension: number }[] = [];
  for (const slot of EMBEDDING_SLOTS) {
    const dimension = await repo.legacyIndexDimension(slot);
    if (dimension === null) continue;
    await repo.replaceLegacyIndexes(slot, dimension);
    replaced.push({ slot, dimension });
  }
  return replaced;
}
