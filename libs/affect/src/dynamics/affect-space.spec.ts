import fc from 'fast-check';
import { affectArb } from '../testing/arbitraries';
import {
  affectDistance,
  affectFromArray,
  affectProximity,
  affectToArray,
  clampAffect,
  lerpAffect,
  momentumFromArray,
  momentumToArray,
} from './affect-space';

describe('affect space', () => {
  it('distance is divided by √6: opposite corners are 1 apart', () => {
    // (1,1,1) − (−1,0,0) = (2,1,1), length √6, divided by √6 → 1.
    expect(affectDistance({ valence: 1, arousal: 1, dominance: 1 }, { valence: -1, arousal: 0, dominance: 0 })).toBeCloseTo(1, 12);
    // (0.5, 0.5, 0): length √0.5 ≈ 0.7071, / √6 ≈ 0.2886751.
    expect(affectDistance({ valence: 0, arousal: 0, dominance: 0.5 }, { valence: 0.5, arousal: 0.5, dominance: 0.5 })).toBeCloseTo(0.2886751, 6);
    expect(affectProximity({ valence: 0, arousal: 0, dominance: 0.5 }, { valence: 0.5, arousal: 0.5, dominance: 0.5 })).toBeCloseTo(0.7113249, 6);
  });

  it('clampAffect and lerpAffect', () => {
    expect(clampAffect({ valence: -3, arousal: 2, dominance: -1 })).toEqual({ valence: -1, arousal: 1, dominance: 0 });
    expect(lerpAffect({ valence: 0, arousal: 0, dominance: 0 }, { valence: 1, arousal: 0.5, dominance: 1 }, 0.5)).toEqual({
      valence: 0.5,
      arousal: 0.25,
      dominance: 0.5,
    });
  });

  it('array round trips, with neutral fallbacks for missing entries', () => {
    expect(affectToArray({ valence: -0.2, arousal: 0.4, dominance: 0.6 })).toEqual([-0.2, 0.4, 0.6]);
    expect(affectFromArray([-0.2, 0.4, 0.6])).toEqual({ valence: -0.2, arousal: 0.4, dominance: 0.6 });
    expect(affectFromArray([])).toEqual({ valence: 0, arousal: 0, dominance: 0.5 });
    expect(momentumToArray({ dv: 1, da: 2, dd: 3 })).toEqual([1, 2, 3]);
    expect(momentumFromArray([1])).toEqual({ dv: 1, da: 0, dd: 0 });
    expect(momentumFromArray([1, 2, 3])).toEqual({ dv: 1, da: 2, dd: 3 });
    expect(momentumFromArray([])).toEqual({ dv: 0, da: 0, dd: 0 });
  });

  it('property: distance in [0, 1], symmetric, 0 on itself', () => {
    fc.assert(
      fc.property(affectArb, affectArb, (x, y) => {
        const d = affectDistance(x, y);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(1 + 1e-12);
        expect(d).toBeCloseTo(affectDistance(y, x), 12);
        expect(affectDistance(x, x)).toBe(0);
      }),
    );
  });
});
