import type { EpochMs } from '../records';

/**
 * A position in a sweep's scan: rows are walked in (`at`, `id`) order (a due time, an encoding
 * or pending time, then the row's id to break ties), and a page starts strictly after one.
 */
export interface KeysetCursor {
  readonly at: EpochMs;
  readonly id: string;
}

/** Before every row. */
export const SCAN_START: KeysetCursor = { at: 0, id: '' };

/** One page of a sweep's scan: each row with its key, and whether the page was full (more may follow). */
export interface KeysetPage<T> {
  readonly rows: readonly { readonly key: KeysetCursor; readonly row: T }[];
  readonly full: boolean;
}
