import type { MemoryOrder, MemoryPosition } from './browse.types';
import type { MemoryListFilter } from './memory-list-filter';

/** occurredAt as Neo4j and JS Date both hold it (years 1 … 9999, as the API validates dates). */
export const EARLIEST_MS = -62_135_596_800_000;
export const LATEST_MS = 253_402_300_799_999;

/**
 * The occurredAt range a page may come from: the filter's time range narrowed to the far side
 * of the cursor, so that the index seek starts where the page does.
 */
export function occurredBounds(filter: MemoryListFilter, order: MemoryOrder, after: MemoryPosition | null): { lowestMs: number; highestMs: number } {
  let lowestMs = filter.after ?? EARLIEST_MS;
  // `before` is exclusive and times are whole milliseconds.
  let highestMs = filter.before === null ? LATEST_MS : filter.before - 1;
  if (after) {
    if (order === 'OCCURRED_AT_DESC') highestMs = Math.min(highestMs, after.occurredAt);
    else lowestMs = Math.max(lowestMs, after.occurredAt);
  }
  return { lowestMs, highestMs };
}
