import { lexiconAffect, lexiconAppraisal, goalAppraisal } from '@limbic/affect';
import { lexiconChecks } from '../lexicon-text-appraiser';
import type { TextChecks } from '../text-appraiser';
import { combineChecks } from './combine-checks';

const TEXT = 'We shipped the release and the customer loved it';

describe('combineChecks', () => {
  it('without goals, the lexicon gives exactly libs/affect lexiconAppraisal', () => {
    expect(combineChecks(lexiconChecks(TEXT, 'lexicon'), 0.3, [])).toEqual(lexiconAppraisal(TEXT, { novelty: 0.3 }));
  });

  it('with goals, the lexicon gives lexiconAppraisal with the goal checks', () => {
    const goals = [
      { priority: 2, similarity: 0.8 },
      { priority: 1, similarity: 0.9 },
    ];
    const expected = lexiconAppraisal(TEXT, { novelty: 0.3, ...goalAppraisal(goals, lexiconAffect(TEXT).valence) });
    expect(combineChecks(lexiconChecks(TEXT, 'lexicon'), 0.3, goals)).toEqual(expected);
    // relevance = max(2/2·0.8, 1/2·0.9) = 0.8; conduciveness = tone × 0.8.
    expect(expected.selfRelevance).toBeCloseTo(0.8, 12);
  });

  const llm: TextChecks = { tone: -0.5, goalConduciveness: -0.5, copingPotential: 0.2, normCompatibility: 0.1, selfRelevance: 0.6, source: 'llm' };

  it('without goals, an LLM answer stands (novelty from the graph)', () => {
    expect(combineChecks(llm, 0.9, [])).toEqual({ novelty: 0.9, goalConduciveness: -0.5, copingPotential: 0.2, normCompatibility: 0.1, selfRelevance: 0.6 });
  });

  it('with goals, conduciveness is tone × goal relevance and self relevance the larger reading', () => {
    const weak = combineChecks(llm, 0, [{ priority: 1, similarity: 0.4 }]);
    expect(weak.goalConduciveness).toBeCloseTo(-0.2, 12);
    expect(weak.selfRelevance).toBe(0.6); // the LLM's reading beats relevance 0.4
    const strong = combineChecks(llm, 0, [{ priority: 1, similarity: 0.9 }]);
    expect(strong.goalConduciveness).toBeCloseTo(-0.45, 12);
    expect(strong.selfRelevance).toBeCloseTo(0.9, 12);
  });

  it('clamps novelty into [−1, 1]', () => {
    expect(combineChecks(llm, 1.7, []).novelty).toBe(1);
  });
});
