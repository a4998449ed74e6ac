import type { LocalDate } from '../../math/time-of-day';
import type { TimeReference } from '../../text/time-references';

const DAY_MS = 86_400_000;

/** A named day matches the memory's day or the one either side (a late-night chat, an approximate date). */
const DAY_TOLERANCE = 1;

/** Whether the memory's date lies in the named time (every part the query named agrees). */
export function withinTime(date: LocalDate, ref: TimeReference): boolean {
  const months = ref.months;
  // A season that wraps the year (winter 2021: December 2021, January and February 2022).
  const wraps = months !== null && months.length > 1 && months[0]! > months[months.length - 1]!;
  const yearOfMonth = wraps && date.month < months[0]! ? date.year - 1 : date.year;
  if (ref.year !== null && yearOfMonth !== ref.year) return false;
  if (ref.day !== null && months !== null && months.length === 1) {
    const named = Date.UTC(ref.year ?? date.year, months[0]!, ref.day);
    return Math.abs(Date.UTC(date.year, date.month, date.day) - named) <= DAY_TOLERANCE * DAY_MS;
  }
  return months === null || months.includes(date.month);
}

/**
 * namedTime = 1 when the memory happened within a time the query names ("on May 3, 2023", "in
 * June", "summer 2021", "in 2022"; text/time-references.ts), else 0; 0 for every memory when the
 * query names none, so it ranks as before. On the LoCoMo dev split 74 of 582 questions name a
 * time, and the turn that answers them was said then.
 */
export function namedTimeSignal(date: LocalDate | null, refs: readonly TimeReference[]): number {
  if (date === null || refs.length === 0) return 0;
  return refs.some((ref) => withinTime(date, ref)) ? 1 : 0;
}
