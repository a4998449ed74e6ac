import fc from 'fast-check';
import { continuesSession, minutesSinceLastInteraction, openSessionAt, sessionMinutes, touchSession, type SessionState } from './session';

const MIN = 60_000;
const T0 = Date.UTC(2026, 5, 1, 9);

describe('sessions', () => {
  it('the first interaction starts one; interactions within the gap continue it', () => {
    const first = touchSession(null, T0, 30);
    expect(first).toEqual({ startedAtMs: T0, interactions: 1, lastAtMs: T0 });
    const second = touchSession(first, T0 + 20 * MIN, 30);
    expect(second).toEqual({ startedAtMs: T0, interactions: 2, lastAtMs: T0 + 20 * MIN });
    // The gap counts from the last interaction, not the start: a long session stays one.
    const third = touchSession(second, T0 + 45 * MIN, 30);
    expect(third.startedAtMs).toBe(T0);
    expect(sessionMinutes(third, T0 + 45 * MIN)).toBe(45);
  });

  it('an idle gap longer than the preset’s starts a new one', () => {
    const s = touchSession(touchSession(null, T0, 30), T0 + 10 * MIN, 30);
    const after = touchSession(s, T0 + 41 * MIN, 30);
    expect(after).toEqual({ startedAtMs: T0 + 41 * MIN, interactions: 1, lastAtMs: T0 + 41 * MIN });
    expect(openSessionAt(s, T0 + 41 * MIN, 30)).toBeNull();
    expect(openSessionAt(s, T0 + 40 * MIN, 30)).toBe(s);
  });

  it('a replay that jumps back before the session is another session', () => {
    const s = touchSession(null, T0, 30);
    expect(continuesSession(s, T0 - 31 * MIN, 30)).toBe(false);
    // A little out of order is the same session; the last interaction never moves back.
    const late = touchSession(s, T0 - 5 * MIN, 30);
    expect(late).toEqual({ startedAtMs: T0, interactions: 2, lastAtMs: T0 });
  });

  it('minutes since the last interaction', () => {
    expect(minutesSinceLastInteraction(null, T0)).toBeNull();
    expect(minutesSinceLastInteraction(touchSession(null, T0, 30), T0 + 90 * MIN)).toBe(90);
  });

  it('any sequence of interactions: counts grow by one within a session, the start only ever moves forward', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -120, max: 120 }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 90 }), (steps, gap) => {
        let s: SessionState | null = null;
        let t = T0;
        for (const step of steps) {
          t += step * MIN;
          const next = touchSession(s, t, gap);
          if (continuesSession(s, t, gap)) {
            expect(next.startedAtMs).toBe(s.startedAtMs);
            expect(next.interactions).toBe(s.interactions + 1);
            expect(next.lastAtMs).toBeGreaterThanOrEqual(s.lastAtMs);
          } else {
            expect(next).toEqual({ startedAtMs: t, interactions: 1, lastAtMs: t });
          }
          expect(next.lastAtMs).toBeGreaterThanOrEqual(next.startedAtMs - gap * MIN);
          s = next;
        }
      }),
    );
  });
});
