import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import type { ConsolidationRepository, DueCursor, DuePage, DueReview, Schedule, UnscheduledMemory } from '@limbic/graph';
import { SimulatedClock } from './clock';
import type { Repair, ReviewQueue } from './review-queue';
import { ReviewSweep } from './review.sweep';

const MINUTE = 60_000;
const NOW = 1_000_000_000;

/** Neo4j's schedule as the sweep reads it: reviews in (nextReviewAt, id) order. */
class FakeGraph {
  constructor(
    public due: DueReview[],
    public unscheduled: UnscheduledMemory[] = [],
  ) {}
  readonly schedules: Schedule[] = [];
  findDue = jest.fn(async (until: number, after: DueCursor, limit: number, _tenants: readonly string[] | null): Promise<DuePage> => {
    const reviews = this.due
      .filter((r) => r.nextReviewAt <= until && (r.nextReviewAt > after.at || (r.nextReviewAt === after.at && r.memoryId > after.id)))
      .sort((a, b) => a.nextReviewAt - b.nextReviewAt || (a.memoryId < b.memoryId ? -1 : 1))
      .slice(0, limit);
    const last = reviews[reviews.length - 1];
    return { reviews, next: last && reviews.length >= limit ? { at: last.nextReviewAt, id: last.memoryId } : null };
  });
  findUnscheduled = jest.fn(async () => this.unscheduled);
  setSchedules = jest.fn(async (s: readonly Schedule[]) => (this.schedules.push(...s), s.length));
}

/** Redis as the sweep sees it: the job ids it holds; `flush` loses them all. */
class FakeQueue {
  readonly jobs = new Set<string>();
  readonly repaired: string[] = [];
  schedule = jest.fn(async (reviews: readonly DueReview[]) => {
    for (const r of reviews) this.jobs.add(`review-${r.memoryId}-${r.reviewCount}`);
  });
  repair = jest.fn(async (r: DueReview): Promise<Repair> => (this.repaired.push(r.memoryId), 'queued'));
  flush(): void {
    this.jobs.clear();
  }
}

const review = (memoryId: string, dueIn: number, reviewCount = 0): DueReview => ({ tenantId: 't', agentId: 'a', memoryId, reviewCount, nextReviewAt: NOW + dueIn });

function sweep(graph: FakeGraph, env: Record<string, string> = {}) {
  const queue = new FakeQueue();
  const config = loadConfig({ LIMBIC_REVIEW_HORIZON_MS: String(10 * MINUTE), LIMBIC_REVIEW_TENANTS: 't', ...env });
  const s = new ReviewSweep(config, new SimulatedClock(NOW), graph as unknown as ConsolidationRepository, queue as unknown as ReviewQueue);
  return { s, queue };
}

describe('ReviewSweep', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('queues every review due within the horizon, and none beyond it', async () => {
    const graph = new FakeGraph([review('overdue', -5 * MINUTE), review('soon', 5 * MINUTE), review('later', 11 * MINUTE)]);
    const { s, queue } = sweep(graph);
    expect(await s.sweepOnce()).toMatchObject({ scheduled: 2 });
    expect([...queue.jobs]).toEqual(['review-overdue-0', 'review-soon-0']);
    expect(graph.findDue).toHaveBeenCalledWith(NOW + 10 * MINUTE, { at: 0, id: '' }, expect.any(Number), ['t']);
  });

  it('after a Redis flush, the next sweep puts back every review still due, and repairs only the overdue ones', async () => {
    const graph = new FakeGraph([review('a', -5 * MINUTE), review('b', -30_000), review('c', 5 * MINUTE, 2)]);
    const { s, queue } = sweep(graph);
    await s.sweepOnce();
    queue.flush();
    expect(await s.sweepOnce()).toMatchObject({ scheduled: 3 });
    expect([...queue.jobs].sort()).toEqual(['review-a-0', 'review-b-0', 'review-c-2']);
    // Only a review overdue by more than a minute should have run already: its job is checked.
    expect(queue.repaired).toEqual(['a', 'a']);
  });

  it('pages through the schedule in due order and stops at the per-sweep cap', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => review(`m${String(i).padStart(4, '0')}`, -MINUTE - (i % 7)));
    const graph = new FakeGraph(many);
    const capped = sweep(graph, { LIMBIC_REVIEW_SWEEP_MAX: '1500' });
    expect(await capped.s.sweepOnce()).toMatchObject({ scheduled: 1500 });
    expect(capped.queue.jobs.size).toBe(1500);
    const all = sweep(graph);
    expect(await all.s.sweepOnce()).toMatchObject({ scheduled: 2500 });
    expect(all.queue.jobs.size).toBe(2500);
  });

  it('gives a first review to memories stored without a schedule', async () => {
    const graph = new FakeGraph([], [{ tenantId: 't', memoryId: 'old', encodedAt: NOW - 86_400_000, stability: null, preset: null }]);
    const { s } = sweep(graph);
    expect(await s.sweepOnce()).toMatchObject({ backfilled: 1 });
    expect(graph.schedules).toEqual([expect.objectContaining({ memoryId: 'old', nextReviewAt: expect.any(Number) })]);
    expect(graph.schedules[0]!.nextReviewAt).toBeLessThan(NOW);
  });

  it('never throws: a sweep that fails waits for the next; concurrent calls share one run', async () => {
    const graph = new FakeGraph([review('a', 0)]);
    graph.findDue.mockRejectedValueOnce(new Error('Neo4j unavailable'));
    const { s } = sweep(graph);
    await expect(s.sweepOnce()).resolves.toMatchObject({ scheduled: 0 });
    const [x, y] = [s.sweepOnce(), s.sweepOnce()];
    expect(x).toBe(y);
    await expect(x).resolves.toMatchObject({ scheduled: 1 });
  });
});
