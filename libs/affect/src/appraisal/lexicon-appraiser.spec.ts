import { lexiconAffect, lexiconAppraisal } from './lexicon-appraiser';

describe('lexiconAffect', () => {
  it('neutral text: valence 0, arousal at the 0.3 baseline, confidence 0', () => {
    expect(lexiconAffect('the table is brown')).toEqual({ valence: 0, arousal: 0.3, confidence: 0 });
    expect(lexiconAffect('   ')).toEqual({ valence: 0, arousal: 0.3, confidence: 0 });
    expect(lexiconAffect('')).toEqual({ valence: 0, arousal: 0.3, confidence: 0 });
  });

  it('positive text is positive and more aroused than neutral', () => {
    const x = lexiconAffect('shipped the new engine, team proud');
    expect(x.valence).toBeGreaterThan(0.3);
    expect(x.arousal).toBeGreaterThan(0.3);
    expect(x.confidence).toBeGreaterThan(0);
  });

  it('arousal = 0.3 + 0.6·|compound| + 0.1·min(1, exclamations/3), confidence = 1 − neu', () => {
    // VADER gives "very good" compound 0.4927 and neu 0.238 (vader-sentiment 1.1.3):
    // arousal = 0.3 + 0.6 × 0.4927 = 0.59562; confidence = 1 − 0.238 = 0.762.
    const x = lexiconAffect('very good');
    expect(x.valence).toBeCloseTo(0.4927, 4);
    expect(x.arousal).toBeCloseTo(0.59562, 4);
    expect(x.confidence).toBeCloseTo(0.762, 3);
  });

  it('handles negation: "not good" is negative', () => {
    expect(lexiconAffect('not good').valence).toBeLessThan(0);
    expect(lexiconAffect('the release was not good').valence).toBeLessThan(0);
  });

  it('handles intensifiers: "extremely good" > "good" > "slightly good"', () => {
    const good = lexiconAffect('the demo was good').valence;
    expect(lexiconAffect('the demo was extremely good').valence).toBeGreaterThan(good);
    expect(lexiconAffect('the demo was slightly good').valence).toBeLessThan(good);
  });

  it('exclamation marks raise arousal even without emotional words', () => {
    expect(lexiconAffect('the table is brown!!!').arousal).toBeCloseTo(0.4, 10); // 0.3 + 0.1 × min(1, 3/3)
  });

  it('stays in range on strong text', () => {
    const x = lexiconAffect('I HATE this TERRIBLE awful horrible crash!!!!!!');
    expect(x.valence).toBeLessThan(-0.8);
    expect(x.valence).toBeGreaterThanOrEqual(-1);
    expect(x.arousal).toBeLessThanOrEqual(1);
    expect(x.confidence).toBeLessThanOrEqual(1);
  });
});

describe('lexiconAppraisal', () => {
  it('neutral text: coping 0.5, norm 0, self relevance 0.5 by default, conduciveness 0', () => {
    expect(lexiconAppraisal('the table is brown', { novelty: 0.4 })).toEqual({
      novelty: 0.4,
      goalConduciveness: 0,
      copingPotential: 0.5,
      normCompatibility: 0,
      selfRelevance: 0.5,
    });
  });

  it('reads coping and norm off valence and keeps given goal checks', () => {
    const v = lexiconAffect('very good').valence; // 0.4927
    const x = lexiconAppraisal('very good', { novelty: 2, goalConduciveness: -0.2, selfRelevance: 0.9 });
    expect(x.novelty).toBe(1); // clamped
    expect(x.goalConduciveness).toBe(-0.2);
    expect(x.selfRelevance).toBe(0.9);
    expect(x.copingPotential).toBeCloseTo(0.5 + 0.3 * v, 10);
    expect(x.normCompatibility).toBeCloseTo(0.6 * v, 10);
  });
});
