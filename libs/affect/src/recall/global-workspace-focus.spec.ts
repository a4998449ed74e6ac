import { globalWorkspaceFocus, INITIAL_FOCUS_STATE } from './global-workspace-focus';

describe('global-workspace focus', () => {
  it('ignites when the top score exceeds 0.4 and leads by at least 0.1', () => {
    const r = globalWorkspaceFocus(
      [
        { id: 'b', score: 0.4 },
        { id: 'a', score: 0.5 },
      ],
      INITIAL_FOCUS_STATE,
    );
    expect(r).toEqual({ focusId: 'a', state: { refractoryLeft: 3 } });
  });

  it('does not ignite on a small lead, a low score, or nothing', () => {
    const s = INITIAL_FOCUS_STATE;
    expect(globalWorkspaceFocus([{ id: 'a', score: 0.5 }, { id: 'b', score: 0.41 }], s).focusId).toBeNull();
    expect(globalWorkspaceFocus([{ id: 'a', score: 0.4 }], s).focusId).toBeNull(); // not above 0.4
    expect(globalWorkspaceFocus([], s)).toEqual({ focusId: null, state: s });
    // A tie at the top: the lead is 0.
    expect(globalWorkspaceFocus([{ id: 'b', score: 0.9 }, { id: 'a', score: 0.9 }], s).focusId).toBeNull();
  });

  it('a lone strong result ignites (runner-up counts as 0)', () => {
    expect(globalWorkspaceFocus([{ id: 'a', score: 0.45 }], INITIAL_FOCUS_STATE, 2)).toEqual({ focusId: 'a', state: { refractoryLeft: 2 } });
  });

  it('stays suppressed for the configured number of recalls, then can ignite again', () => {
    const strong = [{ id: 'a', score: 0.9 }, { id: 'b', score: 0.1 }];
    let state = globalWorkspaceFocus(strong, INITIAL_FOCUS_STATE, 2).state;
    const r1 = globalWorkspaceFocus(strong, state, 2);
    expect(r1).toEqual({ focusId: null, state: { refractoryLeft: 1 } });
    state = r1.state;
    const r2 = globalWorkspaceFocus(strong, state, 2);
    expect(r2).toEqual({ focusId: null, state: { refractoryLeft: 0 } });
    expect(globalWorkspaceFocus(strong, r2.state, 2).focusId).toBe('a');
  });

  it('does not depend on result order', () => {
    const xs = [{ id: 'c', score: 0.2 }, { id: 'a', score: 0.7 }, { id: 'b', score: 0.55 }];
    expect(globalWorkspaceFocus(xs, INITIAL_FOCUS_STATE)).toEqual(globalWorkspaceFocus([...xs].reverse(), INITIAL_FOCUS_STATE));
  });
});
