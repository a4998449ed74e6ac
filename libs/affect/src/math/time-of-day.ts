import { TEMPORAL_STATE } from '../constants';

/*
 * Hours of the day and calendar dates in an IANA time zone, with Node's built-in Intl (ICU's
 * zone data): no clock is read, the instant always comes in as an argument.
 */

/** What a reading takes from an instant: its time of day, or its calendar date. */
const FIELDS = {
  time: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(fields: keyof typeof FIELDS, timeZone: string): Intl.DateTimeFormat {
  const key = `${fields} ${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, ...FIELDS[fields] });
    formatters.set(key, f);
  }
  return f;
}

/** The instant's parts in the zone as numbers by type; an unknown zone counts as UTC (zones are validated where they are set). */
function zonedParts(epochMs: number, timeZone: string, fields: keyof typeof FIELDS): Partial<Record<Intl.DateTimeFormatPartTypes, number>> {
  let f: Intl.DateTimeFormat;
  try {
    f = formatter(fields, timeZone);
  } catch {
    f = formatter(fields, TEMPORAL_STATE.defaultTimeZone);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of f.formatToParts(new Date(epochMs))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts;
}

/** The zone's canonical IANA name (`europe/paris` → `Europe/Paris`), or null when Intl does not know it. */
export function canonicalTimeZone(name: string): string | null {
  if (name.trim() !== name || name.length === 0 || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The hour of day of `epochMs` in `timeZone`, fractional, in [0, 24): 23:30 is 23.5. An
 * unknown zone counts as UTC (zones are validated where they are set).
 */
export function hourOfDay(epochMs: number, timeZone: string = TEMPORAL_STATE.defaultTimeZone): number {
  const { hour = 0, minute = 0, second = 0 } = zonedParts(epochMs, timeZone, 'time');
  const h = (hour % 24) + minute / 60 + second / 3600;
  return h >= 24 ? 0 : h;
}

/** Circular distance between two hours of day, in [0, 12]: 23:00 and 01:00 are 2 hours apart. */
export function circularHourDistance(a: number, b: number): number {
  const d = Math.abs((((a - b) % 24) + 24) % 24);
  return Math.min(d, 24 - d);
}

/** A calendar date; month 0 = January. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The calendar date of `epochMs` in `timeZone` (an unknown zone counts as UTC, as hourOfDay's). */
export function localDate(epochMs: number, timeZone: string = TEMPORAL_STATE.defaultTimeZone): LocalDate {
  const { year = 1970, month = 1, day = 1 } = zonedParts(epochMs, timeZone, 'date');
  return { year, month: month - 1, day };
}
