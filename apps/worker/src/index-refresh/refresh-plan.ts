/**
 * When to refresh the vector index's searcher. Neo4j reopens it only when a write to the index
 * commits, and Lucene finishes merging a burst's segments after the burst's last write: a store
 * that goes quiet right after a burst keeps searching the unmerged segments (a 100k index: ≈ 2×
 * the search time) until somebody writes again. So after writes, once they stop, refresh — and
 * again on the next quiet ticks, for merges that were still running at the first refresh.
 */

/** Refreshes after each burst: the first quiet tick and the next ones, for merges still running. */
export const REFRESHES_AFTER_WRITES = 3;

export interface RefreshState {
  /** Memory count seen at the last tick; null before the first. */
  readonly lastCount: number | null;
  /** Refreshes still owed to the last burst of writes. */
  readonly owed: number;
}

/** At boot one refresh is owed: the worker cannot know what happened while it was down. */
export const INITIAL_REFRESH_STATE: RefreshState = { lastCount: null, owed: 1 };

/**
 * One tick: `count` is the memory count now. Writes since the last tick (the count moved) owe
 * refreshes but do none yet, the burst may go on; a quiet tick pays one owed refresh.
 */
export function planRefresh(state: RefreshState, count: number): { refresh: boolean; next: RefreshState } {
  if (state.lastCount !== null && count !== state.lastCount) {
    return { refresh: false, next: { lastCount: count, owed: REFRESHES_AFTER_WRITES } };
  }
  if (state.owed > 0) return { refresh: true, next: { lastCount: count, owed: state.owed - 1 } };
  return { refresh: false, next: { lastCount: count, owed: 0 } };
}
