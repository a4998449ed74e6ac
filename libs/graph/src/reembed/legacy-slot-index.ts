import type { ReembedRepository } from './reembed.repository';

/**
 * Schema 013 replaced the default slot's vector index by one that also filters by scope and
 * occurredAt. The re-embedding slot's index exists only where a run built it, at the dimension
 * of that run's model, which a migration file cannot know: it is replaced here, at boot after the
 * migrations, the same way (the new one created beside it at its dimension, populating in the
 * background while AgentVectorSearch answers that slot's tenants by exact scan, the old dropped).
 * Idempotent, so API and worker may both run it: CREATE … IF NOT EXISTS, DROP … IF EXISTS.
 * Returns the dimension of the index it replaced, or null when there was none.
 */
export async function replaceLegacyAltIndex(repo: Pick<ReembedRepository, 'legacyIndexDimension' | 'indexDimension' | 'createIndex' | 'dropLegacyAltIndex'>): Promise<number | null> {
  const dimension = await repo.legacyIndexDimension('embeddingAlt');
  if (dimension === null) return null;
  if ((await repo.indexDimension('embeddingAlt')) === null) await repo.createIndex('embeddingAlt', dimension);
  await repo.dropLegacyAltIndex();
  return dimension;
}
