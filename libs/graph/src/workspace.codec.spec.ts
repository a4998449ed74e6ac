import { EMPTY_WORKSPACE } from '@limbic/affect';
import { decodeWorkspace } from './workspace.codec';

describe('decodeWorkspace', () => {
  it('reads the focus the recall effects stored on the agent', () => {
    expect(decodeWorkspace({ focusId: 'm1', focusScore: 0.62, focusSince: 1000, focusExpiresAt: 301_000, focusSuppressed: ['m2', 'm3'] })).toEqual({
      focusId: 'm1',
      score: 0.62,
      sinceMs: 1000,
      expiresAtMs: 301_000,
      suppressed: ['m2', 'm3'],
    });
  });

  it('an agent without a (complete) focus has an empty workspace', () => {
    expect(decodeWorkspace({})).toBe(EMPTY_WORKSPACE);
    expect(decodeWorkspace({ focusId: 'm1', focusSince: 1000 })).toBe(EMPTY_WORKSPACE);
    expect(decodeWorkspace({ focusId: 'm1', focusSince: 1000, focusExpiresAt: 2000 })).toEqual({ focusId: 'm1', score: 0, sinceMs: 1000, expiresAtMs: 2000, suppressed: [] });
  });
});
