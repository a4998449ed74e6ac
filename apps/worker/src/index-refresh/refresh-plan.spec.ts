import { INITIAL_REFRESH_STATE, planRefresh, REFRESHES_AFTER_WRITES, type RefreshState } from './refresh-plan';

/** Runs the plan over a series of counts; returns the ticks (0-based) that refresh. */
function refreshesOver(counts: readonly number[], state: RefreshState = INITIAL_REFRESH_STATE): number[] {
  const at: number[] = [];
  counts.forEach((count, tick) => {
    const step = planRefresh(state, count);
    if (step.refresh) at.push(tick);
    state = step.next;
  });
  return at;
}

describe('planRefresh', () => {
  it('refreshes once at boot, then never while nothing is written', () => {
    expect(refreshesOver([10, 10, 10, 10, 10, 10])).toEqual([0]);
  });

  it('waits while a burst goes on, then refreshes on the quiet ticks after it', () => {
    // boot refresh at 0; writes at ticks 1–3 (count moves); quiet from tick 4 on.
    const counts = [10, 20, 30, 40, 40, 40, 40, 40, 40];
    expect(refreshesOver(counts)).toEqual([0, 4, 5, 6]);
    expect(REFRESHES_AFTER_WRITES).toBe(3);
  });

  it('counts deletions as writes too', () => {
    expect(refreshesOver([10, 10, 7, 7, 7, 7, 7])).toEqual([0, 3, 4, 5]);
  });

  it('a new burst during the owed refreshes starts them over', () => {
    expect(refreshesOver([10, 20, 20, 25, 25, 25, 25, 25])).toEqual([0, 2, 4, 5, 6]);
  });
});
