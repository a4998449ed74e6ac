import fc from 'fast-check';
import { FOCUS } from '../constants';
import { broadcastSeed, EMPTY_WORKSPACE, isWorkspaceActive, withBroadcastSeed, workspaceRound, type WorkspaceState } from './global-workspace';

const T0 = Date.UTC(2025, 0, 15, 12);
const TTL = FOCUS.ttlMs;

/** The workspace after `a` ignited at T0 over b and c. */
function heldByA(): WorkspaceState {
  const r = workspaceRound(
    [
      { id: 'b', score: 0.45 },
      { id: 'a', score: 0.6 },
      { id: 'c', score: 0.2 },
    ],
    EMPTY_WORKSPACE,
    T0,
  );
  expect(r.event).toBe('ignited');
  return r.state;
}

describe('global workspace: ignition', () => {
  it('ignites above 0.4 with a lead of 0.1, suppressing the competitors strongest first, for the TTL', () => {
    expect(heldByA()).toEqual({ focusId: 'a', score: 0.6, sinceMs: T0, expiresAtMs: T0 + TTL, suppressed: ['b', 'c'] });
  });

  it('does not ignite on a small lead, a score of 0.4, a tie, or nothing', () => {
    const none = { event: 'none', state: EMPTY_WORKSPACE };
    expect(workspaceRound([{ id: 'a', score: 0.5 }, { id: 'b', score: 0.41 }], EMPTY_WORKSPACE, T0)).toEqual(none);
    expect(workspaceRound([{ id: 'a', score: 0.4 }], EMPTY_WORKSPACE, T0)).toEqual(none);
    expect(workspaceRound([{ id: 'b', score: 0.9 }, { id: 'a', score: 0.9 }], EMPTY_WORKSPACE, T0)).toEqual(none);
    expect(workspaceRound([], EMPTY_WORKSPACE, T0)).toEqual(none);
  });

  it('a lead of exactly 0.1 ignites (0.5 over 0.4 despite floating point); a lone result leads by its score', () => {
    expect(workspaceRound([{ id: 'a', score: 0.5 }, { id: 'b', score: 0.4 }], EMPTY_WORKSPACE, T0).state.focusId).toBe('a');
    expect(workspaceRound([{ id: 'a', score: 0.45 }], EMPTY_WORKSPACE, T0).state).toMatchObject({ focusId: 'a', suppressed: [] });
  });

  it('suppresses at most FOCUS.maxSuppressed competitors', () => {
    const results = [{ id: 'top', score: 0.99 }, ...Array.from({ length: 40 }, (_, i) => ({ id: `m${String(i).padStart(2, '0')}`, score: 0.3 - i / 1000 }))];
    const { state } = workspaceRound(results, EMPTY_WORKSPACE, T0);
    expect(state.suppressed).toHaveLength(FOCUS.maxSuppressed);
    expect(state.suppressed[0]).toBe('m00');
  });
});

describe('global workspace: holding', () => {
  it('holds the focus recall after recall for its TTL, with the same since and expiresAt', () => {
    const held = heldByA();
    // Later recalls where something else ranks first, but not by the margin over a's 0.6.
    const r1 = workspaceRound([{ id: 'd', score: 0.65 }, { id: 'a', score: 0.3 }], held, T0 + 60_000);
    expect(r1).toEqual({ event: 'held', state: held });
    // a absent from the results: it keeps its ignition strength.
    const r2 = workspaceRound([{ id: 'e', score: 0.69 }], r1.state, T0 + TTL - 1);
    expect(r2).toEqual({ event: 'held', state: held });
  });

  it('a challenger beating the focus by the margin takes the workspace and suppresses the old focus', () => {
    const r = workspaceRound([{ id: 'd', score: 0.7 }, { id: 'a', score: 0.5 }, { id: 'e', score: 0.1 }], heldByA(), T0 + 1000);
    expect(r).toEqual({ event: 'taken-over', state: { focusId: 'd', score: 0.7, sinceMs: T0 + 1000, expiresAtMs: T0 + 1000 + TTL, suppressed: ['a', 'e'] } });
  });

  it('the focus scoring higher now than at ignition raises the bar', () => {
    expect(workspaceRound([{ id: 'a', score: 0.75 }, { id: 'd', score: 0.8 }], heldByA(), T0 + 1000).event).toBe('held');
  });

  it('a suppressed competitor cannot take the workspace while it is held', () => {
    const r = workspaceRound([{ id: 'b', score: 0.95 }, { id: 'a', score: 0.1 }], heldByA(), T0 + 1000);
    expect(r).toEqual({ event: 'held', state: heldByA() });
  });

  it('after the TTL (end exclusive) the workspace is open again: old competitors may ignite', () => {
    const held = heldByA();
    expect(isWorkspaceActive(held, T0 + TTL - 1)).toBe(true);
    expect(isWorkspaceActive(held, T0 + TTL)).toBe(false);
    const r = workspaceRound([{ id: 'b', score: 0.95 }, { id: 'a', score: 0.1 }], held, T0 + TTL);
    expect(r.event).toBe('ignited');
    expect(r.state).toMatchObject({ focusId: 'b', sinceMs: T0 + TTL });
    // An expired workspace with nothing igniting is emptied.
    expect(workspaceRound([{ id: 'x', score: 0.2 }], held, T0 + TTL)).toEqual({ event: 'none', state: EMPTY_WORKSPACE });
  });

  it('a recall before the focus ignited (history replayed) does not see it', () => {
    expect(isWorkspaceActive(heldByA(), T0 - 1)).toBe(false);
  });
});

describe('global workspace: broadcast', () => {
  it('seeds spreading with the held focus at its strength, only while it holds', () => {
    const held = heldByA();
    expect(broadcastSeed(held, T0 + 1)).toEqual({ id: 'a', score: 0.6 });
    expect(broadcastSeed(held, T0 + TTL)).toBeNull();
    expect(broadcastSeed(EMPTY_WORKSPACE, T0)).toBeNull();
    expect(withBroadcastSeed([{ id: 'x', activation: 0.9 }], { id: 'a', score: 0.6 })).toEqual([
      { id: 'x', activation: 0.9 },
      { id: 'a', activation: 0.6 },
    ]);
    // Already a seed: the larger activation.
    expect(withBroadcastSeed([{ id: 'a', activation: 0.5 }], { id: 'a', score: 0.6 })).toEqual([{ id: 'a', activation: 0.6 }]);
    expect(withBroadcastSeed([{ id: 'a', activation: 0.7 }], { id: 'a', score: 0.6 })).toEqual([{ id: 'a', activation: 0.7 }]);
    expect(withBroadcastSeed([{ id: 'a', activation: 0.7 }], null)).toEqual([{ id: 'a', activation: 0.7 }]);
  });
});

describe('global workspace: properties', () => {
  const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
  const results = fc.uniqueArray(fc.record({ id: ids, score: fc.double({ min: 0, max: 1, noNaN: true }) }), { selector: (r) => r.id, maxLength: 6 });
  const state: fc.Arbitrary<WorkspaceState> = fc.oneof(
    fc.constant(EMPTY_WORKSPACE),
    fc.record({
      focusId: ids,
      score: fc.double({ min: 0.4, max: 1, noNaN: true }),
      sinceMs: fc.integer({ min: T0 - 2 * TTL, max: T0 }),
      expiresAtMs: fc.constant(0),
      suppressed: fc.uniqueArray(ids, { maxLength: 4 }),
    }).map((s) => ({ ...s, expiresAtMs: s.sinceMs + TTL, suppressed: s.suppressed.filter((x) => x !== s.focusId) })),
  );

  it('does not depend on result order', () => {
    fc.assert(
      fc.property(results, state, (rs, s) => {
        expect(workspaceRound(rs, s, T0)).toEqual(workspaceRound([...rs].reverse(), s, T0));
      }),
    );
  });

  it('the focus is a result or the holder; never suppressed; ignition lasts exactly the TTL; holding changes nothing', () => {
    fc.assert(
      fc.property(results, state, (rs, s) => {
        const { event, state: next } = workspaceRound(rs, s, T0);
        if (event === 'none') expect(next).toEqual(EMPTY_WORKSPACE);
        if (event === 'held') expect(next).toBe(s);
        if (event === 'ignited' || event === 'taken-over') {
          expect(rs.map((r) => r.id)).toContain(next.focusId);
          expect(next.expiresAtMs - next.sinceMs).toBe(TTL);
          expect(next.sinceMs).toBe(T0);
          expect(next.score).toBeGreaterThan(FOCUS.ignitionThreshold);
        }
        expect(next.suppressed).not.toContain(next.focusId);
        expect(next.suppressed.length).toBeLessThanOrEqual(FOCUS.maxSuppressed);
      }),
    );
  });

  it('while held, a suppressed memory never takes the workspace, and a takeover beats the holder by the margin', () => {
    fc.assert(
      fc.property(results, state, (rs, s) => {
        fc.pre(isWorkspaceActive(s, T0));
        const { event, state: next } = workspaceRound(rs, s, T0);
        expect(s.suppressed).not.toContain(next.focusId);
        if (event === 'taken-over') {
          const holderNow = rs.find((r) => r.id === s.focusId)?.score ?? 0;
          expect(next.score - Math.max(s.score, holderNow)).toBeGreaterThanOrEqual(FOCUS.minimumLead - FOCUS.tolerance);
          expect(next.suppressed[0]).toBe(s.focusId);
        }
      }),
    );
  });
});
