import { goalAppraisal, goalRelevance } from './goal-appraisal';

describe('goal appraisal', () => {
  it('relevance = max over goals of (priority / max priority) × clamped similarity', () => {
    // (1/1)·0.5 = 0.5 vs (0.5/1)·0.9 = 0.45 → 0.5.
    expect(goalRelevance([{ priority: 1, similarity: 0.5 }, { priority: 0.5, similarity: 0.9 }])).toBeCloseTo(0.5, 12);
    expect(goalRelevance([{ priority: 2, similarity: -0.5 }])).toBe(0);
    expect(goalRelevance([])).toBe(0);
    expect(goalRelevance([{ priority: 0, similarity: 1 }])).toBe(0);
  });

  it('conduciveness = valence × relevance', () => {
    // relevance 0.8, valence −0.5 → −0.4.
    const x = goalAppraisal([{ priority: 3, similarity: 0.8 }], -0.5);
    expect(x.selfRelevance).toBeCloseTo(0.8, 12);
    expect(x.goalConduciveness).toBeCloseTo(-0.4, 12);
  });
});
