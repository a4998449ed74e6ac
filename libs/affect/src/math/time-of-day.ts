import { TEMPORAL_STATE } from '../constants';

/*
 * Hours of the day in an IANA time zone, with Node's built-in Intl (ICU's zone data): no
 * clock is read, the instant always comes in as an argument.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
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
  let f: Intl.DateTimeFormat;
  try {
    f = formatter(timeZone);
  } catch {
    f = formatter(TEMPORAL_STATE.defaultTimeZone);
  }
  let h = 0;
  let m = 0;
  let s = 0;
  for (const part of f.formatToParts(new Date(epochMs))) {
    if (part.type === 'hour') h = Number(part.value);
    else if (part.type === 'minute') m = Number(part.value);
    else if (part.type === 'second') s = Number(part.value);
  }
  const hour = (h % 24) + m / 60 + s / 3600;
  return hour >= 24 ? 0 : hour;
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

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = dateFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dateFormatters.set(timeZone, f);
  }
  return f;
}

/** The calendar date of `epochMs` in `timeZone` (an unknown zone counts as UTC, as hourOfDay's). */
export function localDate(epochMs: number, timeZone: string = TEMPORAL_STATE.defaultTimeZone): LocalDate {
  let f: Intl.DateTimeFormat;
  try {
    f = dateFormatter(timeZone);
  } catch {
    f = dateFormatter(TEMPORAL_STATE.defaultTimeZone);
  }
  let year = 1970;
  let month = 0;
  let day = 1;
  for (const part of f.formatToParts(new Date(epochMs))) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value) - 1;
    else if (part.type === 'day') day = Number(part.value);
  }
  return { year, month, day };
}
