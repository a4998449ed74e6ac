import { loadConfig } from '@limbic/config';
import type { ConsolidationRepository, ReviewSubject, ReviewUnit } from '@limbic/graph';
import { JobTimeoutError } from '../runner/with-timeout';
import { ReviewService } from './review.service';

const NOW = 1_000_000_000;
const subject: ReviewSubject = {
  id: 'm1',
  agentId: 'a',
  reviewCount: 0,
  stability: 1,
  nextReviewAt: NOW - 1000,
  archived: false,
  valence: 0,
  arousal: 0.3,
  importance: 0.5,
  accessCount: 0,
  lastAccessedAt: null,
  occurredAt: NOW - 3_600_000,
  encodedAt: NOW - 3_600_000,
  consolidation: 0.8,
  lastReviewedAt: null,
  moodArousal: null,
  hasEmbedding: false,
  preset: null,
};

/**
 * The repository runs `work` inside one write transaction: what `work` throws rolls it back.
 * This stand-in records whether the transaction would have committed.
 */
function service(onApply: () => void = () => undefined) {
  const outcome = { committed: false, applied: 0 };
  const unit: Partial<ReviewUnit> = {
    load: () => Promise.resolve({ memory: subject, edges: [] }),
    pruneEdges: () => Promise.resolve(0),
    decayEdges: () => Promise.resolve(0),
    apply: () => {
      outcome.applied++;
      onApply();
      return Promise.resolve(true);
    },
  };
  const repository = {
    review: async <R>(_t: string, _m: string, _now: number, work: (u: ReviewUnit) => Promise<R>): Promise<R> => {
      const result = await work(unit as ReviewUnit);
      outcome.committed = true;
      return result;
    },
  };
  return { reviews: new ReviewService(repository as unknown as ConsolidationRepository, loadConfig({}), { cosineScale: 1 }), outcome };
}

describe('ReviewService and the attempt timeout', () => {
  it('commits a review whose attempt is still within its time', async () => {
    const { reviews, outcome } = service();
    await expect(reviews.review('t', 'm1', 0, NOW, new AbortController().signal)).resolves.toBe('reviewed');
    expect(outcome).toEqual({ committed: true, applied: 1 });
  });

  it('rolls back a review whose attempt timed out before it could commit', async () => {
    const controller = new AbortController();
    const { reviews, outcome } = service(() => controller.abort(new JobTimeoutError('consolidation job timed out')));
    await expect(reviews.review('t', 'm1', 0, NOW, controller.signal)).rejects.toBeInstanceOf(JobTimeoutError);
    expect(outcome.committed).toBe(false);
  });

  it('does not even open the transaction when the attempt has already timed out', async () => {
    const controller = new AbortController();
    controller.abort(new JobTimeoutError('late'));
    const { reviews, outcome } = service();
    await expect(reviews.review('t', 'm1', 0, NOW, controller.signal)).rejects.toBeInstanceOf(JobTimeoutError);
    expect(outcome).toEqual({ committed: false, applied: 0 });
  });
});

describe('ReviewService: looking for near-duplicates', () => {
  const twin = (id: string, score = 0.99) => ({ id, score, encodedAt: NOW - 3_600_000 + 1 });

  /** `near`: what the filtered index returns for the memory (its agent's own memories only). */
  function reviewing(near: ReturnType<typeof twin>[]) {
    const calls = { asked: [] as { agentId: string; limit: number }[], merged: [] as string[] };
    const unit: Partial<ReviewUnit> = {
      load: () => Promise.resolve({ memory: { ...subject, hasEmbedding: true }, edges: [] }),
      nearDuplicates: (agentId, limit) => (calls.asked.push({ agentId, limit }), Promise.resolve(near.slice(0, limit))),
      mergeInto: (_survivor, loser) => (calls.merged.push(loser), Promise.resolve(true)),
      pruneEdges: () => Promise.resolve(0),
      decayEdges: () => Promise.resolve(0),
      apply: () => Promise.resolve(true),
    };
    const repository = { review: <R>(_t: string, _m: string, _n: number, work: (u: ReviewUnit) => Promise<R>) => work(unit as ReviewUnit) };
    return { reviews: new ReviewService(repository as unknown as ConsolidationRepository, loadConfig({}), { cosineScale: 1 }), calls };
  }

  it('asks the index once, in the memory’s own agent, and merges what is above 0.95 cosine', async () => {
    // score (1 + cos) / 2: 0.99 is cos 0.98 (a twin), 0.97 is cos 0.94 (not one).
    const { reviews, calls } = reviewing([twin('own'), twin('near', 0.97)]);
    await reviews.review('t', 'm1', 0, NOW);
    expect(calls.asked).toEqual([{ agentId: subject.agentId, limit: 32 }]);
    expect(calls.merged).toEqual(['own']);
  });

  it('merges at most 32 copies in one review (the rest at a later one)', async () => {
    const { reviews, calls } = reviewing(Array.from({ length: 100 }, (_, i) => twin(`own${i}`)));
    await reviews.review('t', 'm1', 0, NOW);
    expect(calls.merged).toHaveLength(32);
  });
});
