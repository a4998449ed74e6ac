import fc from 'fast-check';
import { unit } from '../testing/arbitraries';
import { depleteEnergy, energyAt, recoverEnergy, spendEnergy } from './energy';

const H = 3_600_000;

describe('energy', () => {
  it('depletes 0.02 per interaction, floored at 0', () => {
    expect(depleteEnergy(1)).toBeCloseTo(0.98, 12);
    expect(depleteEnergy(1, 10)).toBeCloseTo(0.8, 12);
    expect(depleteEnergy(0.01)).toBe(0);
  });

  it('recovers while idle: the deficit halves every hour', () => {
    // 0.4 → 1 − 0.6·0.5 = 0.7 after 1 h; 1 − 0.6·0.25 = 0.85 after 2 h.
    expect(recoverEnergy(0.4, 1)).toBeCloseTo(0.7, 12);
    expect(energyAt({ energy: 0.4, atMs: 0 }, 2 * H)).toBeCloseTo(0.85, 12);
  });

  it('spendEnergy recovers to now then pays one interaction', () => {
    // 0.4 idle 1 h → 0.7, minus 0.02 → 0.68.
    const next = spendEnergy({ energy: 0.4, atMs: 0 }, H);
    expect(next.energy).toBeCloseTo(0.68, 12);
    expect(next.atMs).toBe(H);
  });

  it('property: stays in [0, 1]; recovery never lowers, depletion never raises', () => {
    fc.assert(
      fc.property(unit, fc.double({ min: 0, max: 1000, noNaN: true }), fc.nat(100), (e, hours, n) => {
        const up = recoverEnergy(e, hours);
        const down = depleteEnergy(e, n);
        expect(up).toBeGreaterThanOrEqual(e - 1e-12);
        expect(up).toBeLessThanOrEqual(1);
        expect(down).toBeLessThanOrEqual(e);
        expect(down).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
