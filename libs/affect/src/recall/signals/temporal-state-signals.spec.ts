import fc from 'fast-check';
import { circadianCongruenceSignal, sessionContextSignal } from './temporal-state-signals';

const hour = fc.double({ min: 0, max: 23.999, noNaN: true });
const H = 3_600_000;
const T0 = Date.UTC(2026, 5, 1, 9);

describe('circadian congruence', () => {
  it('1 at the same hour, 0.5 six hours apart, 0 twelve apart; wraps at midnight', () => {
    expect(circadianCongruenceSignal(23, 23)).toBe(1);
    expect(circadianCongruenceSignal(23, 5)).toBeCloseTo(0.5, 12);
    expect(circadianCongruenceSignal(23, 11)).toBeCloseTo(0, 12);
    expect(circadianCongruenceSignal(23.5, 0.5)).toBeCloseTo(circadianCongruenceSignal(12, 13), 12);
  });

  it('neutral (0.5) for memories without an hour', () => {
    expect(circadianCongruenceSignal(23, null)).toBe(0.5);
    expect(circadianCongruenceSignal(undefined, 3)).toBe(0.5);
  });

  it('in [0, 1], symmetric, and falls as the circular distance grows', () => {
    fc.assert(
      fc.property(hour, hour, fc.double({ min: 0, max: 12, noNaN: true }), fc.double({ min: 0, max: 12, noNaN: true }), (now, m, d1, d2) => {
        const s = circadianCongruenceSignal(now, m);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(circadianCongruenceSignal(m, now)).toBeCloseTo(s, 9);
        const [near, far] = d1 <= d2 ? [d1, d2] : [d2, d1];
        expect(circadianCongruenceSignal(now, (now + near) % 24)).toBeGreaterThanOrEqual(circadianCongruenceSignal(now, (now + far) % 24) - 1e-9);
      }),
    );
  });
});

describe('session context', () => {
  const base = { currentSessionStartedAtMs: T0, memorySessionStartedAtMs: T0, encodedAtMs: T0, nowMs: T0 };

  it('a memory of the current session scores 2^(−hours/2) since encoded; others 0', () => {
    expect(sessionContextSignal(base)).toBe(1);
    expect(sessionContextSignal({ ...base, nowMs: T0 + 2 * H })).toBeCloseTo(0.5, 12);
    expect(sessionContextSignal({ ...base, memorySessionStartedAtMs: T0 - 5 * H })).toBe(0);
    expect(sessionContextSignal({ ...base, memorySessionStartedAtMs: null })).toBe(0);
    expect(sessionContextSignal({ ...base, currentSessionStartedAtMs: undefined })).toBe(0);
  });

  it('in [0, 1] and never rising as the session ages', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 48, noNaN: true }), fc.double({ min: 0, max: 48, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), (a, b, enc) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const at = (h: number) => sessionContextSignal({ ...base, encodedAtMs: T0 + enc * H, nowMs: T0 + (enc + h) * H });
        expect(at(early)).toBeGreaterThanOrEqual(0);
        expect(at(early)).toBeLessThanOrEqual(1);
        expect(at(late)).toBeLessThanOrEqual(at(early) + 1e-12);
      }),
    );
  });
});
