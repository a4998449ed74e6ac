import fc from 'fast-check';
import { signed, unit } from '../testing/arbitraries';
import { appraisalToAffect, blendAppraisal, blendAppraisedAffect, clampAppraisal } from './appraisal-to-affect';

describe('appraisalToAffect', () => {
  it('hand-computed point', () => {
    // novelty .5, conduciveness .6, coping .8, norm .2, self .7:
    // v = .4805·.6 + .1862·.2 + .1643·(1.6 − 1) + .0179·.5 = .2883 + .03724 + .09858 + .00895 = .43307
    // a = .3694·.5 + .1357·.2 + .2208·.7 + .1399 = .1847 + .02714 + .15456 + .1399 = .5063
    // d = coping = .8
    const x = appraisalToAffect({ novelty: 0.5, goalConduciveness: 0.6, copingPotential: 0.8, normCompatibility: 0.2, selfRelevance: 0.7 });
    expect(x.valence).toBeCloseTo(0.43307, 10);
    expect(x.arousal).toBeCloseTo(0.5063, 10);
    expect(x.dominance).toBeCloseTo(0.8, 10);
  });

  it('all-neutral checks, coping .5: v = .1643·(2·.5 − 1) = 0, a = .1357·(1 − .5) + .1399 = .20775, d = .5', () => {
    const x = appraisalToAffect({ novelty: 0, goalConduciveness: 0, copingPotential: 0.5, normCompatibility: 0, selfRelevance: 0 });
    expect(x.valence).toBeCloseTo(0, 12);
    expect(x.arousal).toBeCloseTo(0.20775, 12);
    expect(x.dominance).toBe(0.5);
  });

  it('clamps out-of-range checks first', () => {
    expect(clampAppraisal({ novelty: 3, goalConduciveness: -3, copingPotential: 2, normCompatibility: -2, selfRelevance: -1 })).toEqual({
      novelty: 1,
      goalConduciveness: -1,
      copingPotential: 1,
      normCompatibility: -1,
      selfRelevance: 0,
    });
  });

  it('property: output in range', () => {
    fc.assert(
      fc.property(signed, signed, unit, signed, unit, (novelty, goalConduciveness, copingPotential, normCompatibility, selfRelevance) => {
        const x = appraisalToAffect({ novelty, goalConduciveness, copingPotential, normCompatibility, selfRelevance });
        expect(Math.abs(x.valence)).toBeLessThanOrEqual(1);
        expect(x.arousal).toBeGreaterThanOrEqual(0);
        expect(x.arousal).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('dual-path blend', () => {
  it('70 % appraised, 30 % raw', () => {
    // v: .3·(−0.5) + .7·0.5 = 0.2; a: .3·0.9 + .7·0.4 = 0.55; d: .3·0.5 + .7·1 = 0.85.
    const x = blendAppraisedAffect({ valence: -0.5, arousal: 0.9, dominance: 0.5 }, { valence: 0.5, arousal: 0.4, dominance: 1 });
    expect(x.valence).toBeCloseTo(0.2, 12);
    expect(x.arousal).toBeCloseTo(0.55, 12);
    expect(x.dominance).toBeCloseTo(0.85, 12);
  });

  it('blendAppraisal scales the appraised share by confidence', () => {
    const raw = { valence: -0.5, arousal: 0.9 };
    const appraised = { valence: 0.5, arousal: 0.4 };
    expect(blendAppraisal(raw, appraised).valence).toBeCloseTo(0.2, 12); // confidence 1 → 70 %
    expect(blendAppraisal(raw, appraised, 0)).toEqual(raw); // nothing found → raw kept
    // confidence .5 → share .35: v = −0.5 + 1·0.35 = −0.15; a = 0.9 − 0.5·0.35 = 0.725.
    const half = blendAppraisal(raw, appraised, 0.5);
    expect(half.valence).toBeCloseTo(-0.15, 12);
    expect(half.arousal).toBeCloseTo(0.725, 12);
  });
});
