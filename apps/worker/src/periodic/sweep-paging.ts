import type { KeysetCursor, KeysetPage } from '@limbic/graph';
import type { SweepPageV1 } from '@limbic/jobs';

/** What one page of a sweep did: jobs it added, and where the scan goes on (null: it is done). */
export interface PageOutcome {
  readonly handled: number;
  readonly next: KeysetCursor | null;
}

export const NOTHING_DONE: PageOutcome = { handled: 0, next: null };

/**
 * Hands a page's rows, in key order, to `handle` (which adds a job and says whether Redis took
 * it) and says where the next page starts:
 * - every row handled: after the last one if the page was full (more rows may follow), else done;
 * - time up: after the last row handled, so another worker goes on from there (at least one row
 *   is handled first, so a run always moves on);
 * - a refusal (Redis is down): done; the next period scans again from the start.
 */
export async function walkPage<T>(page: KeysetPage<T>, handle: (row: T) => Promise<boolean>, timeUp: () => boolean): Promise<PageOutcome> {
  let handled = 0;
  let last: KeysetCursor | null = null;
  for (const { key, row } of page.rows) {
    if (last !== null && timeUp()) return { handled, next: last };
    if (!(await handle(row))) return { handled, next: null };
    handled++;
    last = key;
  }
  return { handled, next: page.full ? last : null };
}

/**
 * The page that follows the current one in a run, or null when the scan is done. `jobId` is the
 * running job's id: on the scheduler's own job (no `current` page) it names the run.
 */
export function followOn(current: SweepPageV1 | undefined, jobId: string, next: KeysetCursor | null): SweepPageV1 | null {
  if (next === null) return null;
  return { run: current?.run ?? jobId, index: (current?.index ?? 0) + 1, after: next };
}

/** Rows page `index` (0 first) may read when a run reads at most `max` rows in pages of `size`. */
export function pageLimit(index: number, size: number, max: number): number {
  return Math.max(0, Math.min(size, max - index * size));
}

/** A check that says true once `ms` have passed (monotonic clock). */
export function deadline(ms: number, clock: () => number = () => performance.now()): () => boolean {
  const end = clock() + ms;
  return () => clock() >= end;
}
