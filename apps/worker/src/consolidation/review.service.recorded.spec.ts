import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import { AgentVectorSearch, ConsolidationRepository, type QueryName } from '@limbic/graph';
import { RecordingExecutor } from '../../../../libs/graph/src/testing/recording-executor';
import { ReviewService } from './review.service';

const TENANT = 'tenant-a';
const NOW = Date.UTC(2026, 11, 1, 12);
const HOUR = 3_600_000;

/** A memory due for its first review an hour after encoding, with one edge unused for 30 days. */
const memory = {
  id: 'm1',
  agentId: 'ada',
  reviewCount: 0,
  stability: 1,
  nextReviewAt: NOW - 1000,
  archived: false,
  valence: 0.2,
  arousal: 0.4,
  importance: 0.6,
  accessCount: 1,
  lastAccessedAt: NOW - HOUR,
  occurredAt: NOW - 2 * HOUR,
  encodedAt: NOW - 2 * HOUR,
  consolidation: 0.8,
  lastReviewedAt: null,
  moodAtEncoding: [0, 0.3, 0.5],
  hasEmbedding: true,
  preset: null,
};
const staleEdge = { id: 'e1', type: 'SEMANTIC', otherId: 'm0', weight: 0.5, lastUsedAt: NOW - 30 * 24 * HOUR, decayedAt: null, out: true };

/** Queries that address no tenant's data: the vector index's state is one per database. */
const TENANTLESS: ReadonlySet<QueryName> = new Set(['vector.index-state']);

function serviceOn(db: RecordingExecutor): ReviewService {
  const repository = new ConsolidationRepository(db.asExecutor(), new AgentVectorSearch(undefined, { cosineScale: 1 }));
  return new ReviewService(repository, loadConfig({}), { cosineScale: 1 });
}

/** A database where `m1` exists and is due; its nearest memory is far from a duplicate. */
function due(): RecordingExecutor {
  return new RecordingExecutor()
    .answer('consolidation.review-lock', [{ memoryId: 'm1' }])
    .answer('consolidation.review-load', [{ memory, edges: [staleEdge] }])
    .answer('vector.index-state', [{ state: 'ONLINE', populationPercent: 100 }])
    .answer('vector.agent-nearest', [{ key: 'm', hits: [{ id: 'm1', score: 1, encodedAt: memory.encodedAt }, { id: 'm0', score: 0.8, encodedAt: NOW - 3 * HOUR }] }])
    .answer('consolidation.edges-decay', [{ decayed: 1 }])
    .answer('consolidation.review-apply', [{ memoryId: 'm1' }]);
}

describe('ReviewService (recorded queries)', () => {
  beforeAll(() => Logger.overrideLogger(['error']));

  it('reviews a due memory in one write unit: lock first, load, look for twins, decay, then apply conditionally on the review number', async () => {
    const db = due();
    await expect(serviceOn(db).review(TENANT, 'm1', 0, NOW)).resolves.toBe('reviewed');
    expect(db.queries.every((q) => q.unit === 'consolidation.review' && q.mode === 'WRITE')).toBe(true);
    const names = db.names().filter((n) => !TENANTLESS.has(n));
    expect(names).toEqual(['consolidation.review-lock', 'consolidation.review-load', 'vector.agent-nearest', 'consolidation.edges-decay', 'consolidation.review-apply']);
    // No twin above the near-duplicate bar: nothing merged.
    expect(db.names()).not.toContain('consolidation.merge-into');
    const [apply] = db.paramsOf('consolidation.review-apply');
    expect(apply).toMatchObject({ tenantId: TENANT, memoryId: 'm1', now: NOW, expectedReviewCount: 0, archive: false });
    expect(apply?.nextReviewAt).toBeGreaterThan(NOW);
    expect(db.paramsOf('consolidation.edges-decay')[0]?.edges).toEqual([expect.objectContaining({ id: 'e1' })]);
  });

  it('gives every query of a review the tenant id', async () => {
    const db = due();
    await serviceOn(db).review(TENANT, 'm1', 0, NOW);
    expect(db.withoutTenant(TENANT).filter((q) => !TENANTLESS.has(q.name))).toEqual([]);
  });

  it('writes nothing for a replayed job: the review number moved on', async () => {
    const db = due();
    await expect(serviceOn(db).review(TENANT, 'm1', 3, NOW)).resolves.toBe('skipped-done');
    expect(db.names()).toEqual(['consolidation.review-lock', 'consolidation.review-load']);
  });

  it('writes nothing for a memory that is gone: the lock found no node', async () => {
    const db = new RecordingExecutor();
    await expect(serviceOn(db).review(TENANT, 'm1', 0, NOW)).resolves.toBe('skipped-missing');
    expect(db.names()).toEqual(['consolidation.review-lock']);
  });

  it('says skipped-done when the conditional apply finds the review already made', async () => {
    // review-apply is not scripted, so it answers no row: another worker made this review.
    const empty = new RecordingExecutor()
      .answer('consolidation.review-lock', [{ memoryId: 'm1' }])
      .answer('consolidation.review-load', [{ memory, edges: [] }])
      .answer('vector.index-state', [{ state: 'ONLINE', populationPercent: 100 }])
      .answer('vector.agent-nearest', [{ key: 'm', hits: [] }]);
    await expect(serviceOn(empty).review(TENANT, 'm1', 0, NOW)).resolves.toBe('skipped-done');
    expect(empty.names()).toContain('consolidation.review-apply');
  });
});
