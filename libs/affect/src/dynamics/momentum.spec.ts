import { momentumFromHistory, momentumMagnitude, pushAffectHistory, ZERO_MOMENTUM } from './momentum';

const H = 3_600_000;
const s = (valence: number, arousal: number, dominance: number, hours: number) => ({ affect: { valence, arousal, dominance }, atMs: hours * H });

describe('momentum', () => {
  it('is (newest − oldest) / hours over the last three states', () => {
    // (0.4 − 0)/2 h = 0.2, (0.5 − 0.3)/2 = 0.1, (0.6 − 0.5)/2 = 0.05 per hour.
    const m = momentumFromHistory([s(0, 0.3, 0.5, 0), s(0.2, 0.4, 0.5, 1), s(0.4, 0.5, 0.6, 2)]);
    expect(m.dv).toBeCloseTo(0.2, 12);
    expect(m.da).toBeCloseTo(0.1, 12);
    expect(m.dd).toBeCloseTo(0.05, 12);
  });

  it('uses only the last three states and sorts by time', () => {
    // The state at −5 h is dropped; oldest kept is t = 0: (0.4 − 0)/2 = 0.2.
    const m = momentumFromHistory([s(0.4, 0.5, 0.6, 2), s(-1, 0, 0, -5), s(0, 0.3, 0.5, 0), s(0.2, 0.4, 0.5, 1)]);
    expect(m.dv).toBeCloseTo(0.2, 12);
  });

  it('is zero with fewer than two states; windows under a minute count as one minute', () => {
    expect(momentumFromHistory([])).toEqual(ZERO_MOMENTUM);
    expect(momentumFromHistory([s(0, 0, 0, 0)])).toEqual(ZERO_MOMENTUM);
    // Δv = 0.1 in 0 ms → 0.1 / (1/60 h) = 6 per hour.
    expect(momentumFromHistory([s(0, 0, 0, 0), s(0.1, 0, 0, 0)]).dv).toBeCloseTo(6, 9);
  });

  it('pushAffectHistory keeps the last three by time; magnitude is the Euclidean norm', () => {
    const h = pushAffectHistory([s(0, 0, 0, 0), s(0, 0, 0, 1), s(0, 0, 0, 2)], s(1, 1, 1, 3));
    expect(h.map((x) => x.atMs / H)).toEqual([1, 2, 3]);
    expect(momentumMagnitude({ dv: 3, da: 4, dd: 0 })).toBe(5);
  });
});
