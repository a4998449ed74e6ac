import fc from 'fast-check';
import { PRESET_NAMES, PRESETS } from '../agent/presets';
import { energyCutThreshold, energySearchBreadth } from '../recall/energy-effects';
import { unit } from '../testing/arbitraries';
import { depleteEnergy, energyAt, recoverEnergy, spendEnergy, steadyEnergy, type EnergyRates } from './energy';

const H = 3_600_000;
const MIN = 60_000;

describe('energy', () => {
  it('depletes 0.02 per interaction by default, floored at 0', () => {
    expect(depleteEnergy(1)).toBeCloseTo(0.98, 12);
    expect(depleteEnergy(1, 10)).toBeCloseTo(0.8, 12);
    expect(depleteEnergy(0.01)).toBe(0);
    expect(depleteEnergy(1, 10, { depletionPerInteraction: 0.005, recoveryHalfLifeHours: 1 })).toBeCloseTo(0.95, 12);
  });

  it('recovers while idle: by default the deficit halves every 5 minutes', () => {
    // 0.4 → 1 − 0.6·0.5 = 0.7 after 5 min; 1 − 0.6·0.25 = 0.85 after 10 min.
    expect(recoverEnergy(0.4, 5 / 60)).toBeCloseTo(0.7, 12);
    expect(energyAt({ energy: 0.4, atMs: 0 }, 10 * MIN)).toBeCloseTo(0.85, 12);
    // With a one-hour half-life: 0.7 after an hour.
    expect(energyAt({ energy: 0.4, atMs: 0 }, H, { depletionPerInteraction: 0.02, recoveryHalfLifeHours: 1 })).toBeCloseTo(0.7, 12);
  });

  it('spendEnergy recovers to now then pays one interaction', () => {
    // 0.4 idle 5 min → 0.7, minus 0.02 → 0.68.
    const next = spendEnergy({ energy: 0.4, atMs: 0 }, 5 * MIN);
    expect(next.energy).toBeCloseTo(0.68, 12);
    expect(next.atMs).toBe(5 * MIN);
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

  it('steadyEnergy is the floor a regular schedule reaches (simulated)', () => {
    const rates: EnergyRates = { depletionPerInteraction: 0.02, recoveryHalfLifeHours: 5 / 60 };
    let s = { energy: 1, atMs: 0 };
    let lowest = 1;
    for (let i = 1; i <= 600; i++) {
      s = spendEnergy(s, i * MIN, rates);
      lowest = Math.min(lowest, s.energy);
    }
    expect(lowest).toBeCloseTo(steadyEnergy(1 / 60, rates), 6);
    expect(s.energy).toBeCloseTo(steadyEnergy(1 / 60, rates), 6);
    // DESIGN's old rates (2 %, one-hour half-life) ran an agent acting once a minute dry.
    expect(steadyEnergy(1 / 60, { depletionPerInteraction: 0.02, recoveryHalfLifeHours: 1 })).toBe(0);
  });

  it('property: steadyEnergy falls as interactions come closer together or cost more', () => {
    const rates = fc.record({ depletionPerInteraction: fc.double({ min: 0.001, max: 0.2, noNaN: true }), recoveryHalfLifeHours: fc.double({ min: 0.01, max: 5, noNaN: true }) });
    fc.assert(
      fc.property(rates, fc.double({ min: 0.001, max: 10, noNaN: true }), fc.double({ min: 1, max: 10, noNaN: true }), (r, interval, k) => {
        expect(steadyEnergy(interval, r)).toBeLessThanOrEqual(steadyEnergy(interval * k, r) + 1e-12);
        expect(steadyEnergy(interval, { ...r, depletionPerInteraction: r.depletionPerInteraction * k })).toBeLessThanOrEqual(steadyEnergy(interval, r) + 1e-12);
        const e = steadyEnergy(interval, r);
        expect(e).toBeGreaterThanOrEqual(0);
        expect(e).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('per-preset energy rates', () => {
  it.each(PRESET_NAMES)('%s: an agent acting once a minute for 8 hours never runs dry, nor narrows recall', (name) => {
    const rates = PRESETS[name].energy;
    let s = { energy: 1, atMs: 0 };
    let lowestSeen = 1;
    for (let i = 1; i <= 8 * 60; i++) {
      // What this interaction's recall sees (before paying), then the payment.
      lowestSeen = Math.min(lowestSeen, energyAt(s, i * MIN, rates));
      s = spendEnergy(s, i * MIN, rates);
    }
    // No hop lost, seeds at least 1.27× the base, and a cut at most 0.6·(1 − 0.77) ≈ 14 % of the best score.
    expect(lowestSeen).toBeGreaterThanOrEqual(0.77);
    expect(energySearchBreadth(lowestSeen, PRESETS[name].spread).hops).toBe(PRESETS[name].spread.hops);
    expect(steadyEnergy(1 / 60, rates)).toBeGreaterThanOrEqual(0.77);
    expect(energyCutThreshold(1, lowestSeen)).toBeLessThan(0.14);
  });

  it('the agent preset keeps DESIGN’s 2 % per interaction; a burst of fifty without rest still empties it', () => {
    const rates = PRESETS.agent.energy;
    expect(rates.depletionPerInteraction).toBe(0.02);
    let s = { energy: 1, atMs: 0 };
    for (let i = 0; i < 50; i++) s = spendEnergy(s, 0, rates);
    expect(s.energy).toBeCloseTo(0, 12);
  });
});
