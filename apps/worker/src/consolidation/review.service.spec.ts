import { loadConfig } from '@limbic/config';
import type { ConsolidationRepository, ReviewSubject, ReviewUnitOfWork } from '@limbic/graph';
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
};

/**
 * The repository runs `work` inside one write transaction: what `work` throws rolls it back.
 * This stand-in records whether the transaction would have committed.
 */
function service(onApply: () => void = () => undefined) {
  const outcome = { committed: false, applied: 0 };
  const uow: Partial<ReviewUnitOfWork> = {
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
    review: async <R>(_t: string, _m: string, _now: number, work: (u: ReviewUnitOfWork) => Promise<R>): Promise<R> => {
      const result = await work(uow as ReviewUnitOfWork);
      outcome.committed = true;
      return result;
    },
  };
  return { reviews: new ReviewService(repository as unknown as ConsolidationRepository, loadConfig({})), outcome };
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
  const twin = (id: string, sameAgent: boolean) => ({ id, score: 0.99, sameAgent, encodedAt: NOW - 3_600_000 + 1 });

  /** `index(fetch)`: what the shared vector index returns for a fetch of that size. */
  function reviewing(index: (fetch: number) => ReturnType<typeof twin>[], exact: ReturnType<typeof twin>[] = []) {
    const calls = { fetches: [] as number[], exact: 0, merged: [] as string[] };
    const uow: Partial<ReviewUnitOfWork> = {
      load: () => Promise.resolve({ memory: { ...subject, hasEmbedding: true }, edges: [] }),
      duplicatesFromIndex: (fetch) => (calls.fetches.push(fetch), Promise.resolve(index(fetch))),
      duplicatesExact: () => (calls.exact++, Promise.resolve(exact)),
      mergeInto: (_survivor, loser) => (calls.merged.push(loser), Promise.resolve(true)),
      pruneEdges: () => Promise.resolve(0),
      decayEdges: () => Promise.resolve(0),
      apply: () => Promise.resolve(true),
    };
    const repository = { review: <R>(_t: string, _m: string, _n: number, work: (u: ReviewUnitOfWork) => Promise<R>) => work(uow as ReviewUnitOfWork) };
    return { reviews: new ReviewService(repository as unknown as ConsolidationRepository, loadConfig({})), calls };
  }

  it('a fetch crowded by the agent’s own copies merges those, without scanning the agent', async () => {
    // 100 identical memories of one agent: every fetch is full of them.
    const { reviews, calls } = reviewing((fetch) => Array.from({ length: fetch }, (_, i) => twin(`own${i}`, true)));
    await reviews.review('t', 'm1', 0, NOW);
    expect(calls.fetches).toEqual([32]);
    expect(calls.exact).toBe(0);
    expect(calls.merged).toHaveLength(32);
  });

  it('a fetch crowded by other agents’ copies widens until it reaches the agent’s twin', async () => {
    const { reviews, calls } = reviewing((fetch) => [
      ...Array.from({ length: Math.min(fetch, 200) }, (_, i) => twin(`other${i}`, false)),
      ...(fetch > 200 ? [twin('own', true), ...Array.from({ length: fetch - 201 }, (_, i) => twin(`more${i}`, false))] : []),
    ]);
    await reviews.review('t', 'm1', 0, NOW);
    expect(calls.fetches).toEqual([32, 256]);
    expect(calls.exact).toBe(0);
    expect(calls.merged).toEqual(['own']);
  });

  it('scans the agent exactly only when other agents fill even the widest fetch', async () => {
    const { reviews, calls } = reviewing((fetch) => Array.from({ length: fetch }, (_, i) => twin(`other${i}`, false)), [twin('hidden', true)]);
    await reviews.review('t', 'm1', 0, NOW);
    expect(calls.fetches).toEqual([32, 256, 2048]);
    expect(calls.exact).toBe(1);
    expect(calls.merged).toEqual(['hidden']);
  });

  it('a fetch that is not crowded is the whole answer', async () => {
    const { reviews, calls } = reviewing(() => [twin('own', true), { ...twin('far', true), score: 0.9 }]);
    await reviews.review('t', 'm1', 0, NOW);
    expect([calls.fetches, calls.exact, calls.merged]).toEqual([[32], 0, ['own']]);
  });
});
