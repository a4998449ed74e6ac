import { appraisedAffect } from './appraised-affect';

describe('appraisedAffect', () => {
  it('blends 70 % appraised / 30 % raw and recomputes consolidation (hand-computed)', () => {
    // Checks: novelty .5, conduciveness .6, coping .8, norm .2, self .7 → appraised (.43307, .5063, .8).
    // Raw (−.5, .9, .5): v = .3·−.5 + .7·.43307 = .153149; a = .3·.9 + .7·.5063 = .62441; d = .3·.5 + .7·.8 = .71.
    // e = .7·.62441 + .3·.4 = .557087; c = 1 − 4(.557087 − .7)² = .918313…
    const x = appraisedAffect(
      { valence: -0.5, arousal: 0.9, dominance: 0.5 },
      { novelty: 0.5, goalConduciveness: 0.6, copingPotential: 0.8, normCompatibility: 0.2, selfRelevance: 0.7 },
      [0.1, 0.4, 0.5],
    );
    expect(x.affect.valence).toBeCloseTo(0.153149, 6);
    expect(x.affect.arousal).toBeCloseTo(0.62441, 6);
    expect(x.affect.dominance).toBeCloseTo(0.71, 6);
    expect(x.consolidation).toBeCloseTo(1 - 4 * (0.7 * 0.62441 + 0.3 * 0.4 - 0.7) ** 2, 6);
  });

  it('takes the mood baseline arousal (0.3) when no mood was stored at encoding', () => {
    const checks = { novelty: 0, goalConduciveness: 0, copingPotential: 0.5, normCompatibility: 0, selfRelevance: 0 };
    const raw = { valence: 0, arousal: 0.5, dominance: 0.5 };
    expect(appraisedAffect(raw, checks, []).consolidation).toBe(appraisedAffect(raw, checks, [0, 0.3, 0.5]).consolidation);
  });
});
