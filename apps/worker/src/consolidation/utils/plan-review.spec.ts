import type { ReviewEdge, ReviewSubject } from '@limbic/graph';
import { planReview } from './plan-review';

const H = 3_600_000;
const D = 24 * H;
const thresholds = { strengthBelow: 0.05, importanceBelow: 0.3 };

const memory = (over: Partial<ReviewSubject> = {}): ReviewSubject => ({
  id: 'm',
  agentId: 'a',
  reviewCount: 0,
  stability: 1,
  nextReviewAt: H,
  archived: false,
  valence: 0,
  arousal: 0.3,
  importance: 0.5,
  accessCount: 0,
  lastAccessedAt: null,
  occurredAt: 0,
  encodedAt: 0,
  consolidation: 0.36,
  lastReviewedAt: null,
  moodArousal: null,
  hasEmbedding: true,
  preset: null,
  ...over,
});

const edge = (over: Partial<ReviewEdge> = {}): ReviewEdge => ({ id: 'e', type: 'SEMANTIC', otherId: 'o', weight: 0.5, lastUsedAt: 0, decayedAt: null, outgoing: true, ...over });

describe('planReview', () => {
  it('raises stability and schedules the next review from now', () => {
    const plan = planReview(memory(), [], H, thresholds);
    expect(plan.stability).toBeGreaterThan(1);
    expect(plan.nextReviewAt).toBeCloseTo(H + 24 * plan.stability * H, 3);
    expect(plan.archive).toBe(false);
  });

  it('decays only edges unused since the previous review, by the time since last strengthened or decayed', () => {
    const m = memory({ lastReviewedAt: 10 * D, reviewCount: 2 });
    const plan = planReview(m, [edge({ id: 'old', lastUsedAt: 0 }), edge({ id: 'used', lastUsedAt: 11 * D }), edge({ id: 'half', lastUsedAt: 0, decayedAt: 10 * D })], 40 * D, thresholds);
    expect(plan.decay.map((e) => e.id).sort()).toEqual(['half', 'old']);
    expect(plan.decay.find((e) => e.id === 'half')?.weight).toBeCloseTo(0.25, 6); // 30 d = one half-life
    expect(plan.prune).toEqual([]);
  });

  it('leaves incoming edges to the reviews of their start node', () => {
    expect(planReview(memory({ lastReviewedAt: D }), [edge({ weight: 0.06, outgoing: false })], 30 * D, thresholds).prune).toEqual([]);
  });

  it('prunes edges whose decayed weight falls below 0.05', () => {
    const plan = planReview(memory({ lastReviewedAt: D }), [edge({ weight: 0.06 })], 30 * D, thresholds);
    expect(plan.prune.map((e) => e.id)).toEqual(['e']);
  });

  it('archives a faded, unimportant memory and gives it no next review; keeps an important one', () => {
    const faded = memory({ importance: 0.1, occurredAt: 0 });
    expect(planReview(faded, [], 365 * D, thresholds)).toMatchObject({ archive: true, nextReviewAt: null });
    expect(planReview({ ...faded, importance: 0.5 }, [], 365 * D, thresholds).archive).toBe(false);
    expect(planReview(faded, [], 30 * D, { strengthBelow: 0.01, importanceBelow: 0.3 }).archive).toBe(false);
  });

  it('amplifies the importance of an often-recalled memory', () => {
    expect(planReview(memory({ accessCount: 20 }), [], H, thresholds).importance).toBeGreaterThan(0.5);
    expect(planReview(memory(), [], H, thresholds).importance).toBe(0.5);
  });
});
