import { InvalidArgumentError } from 'commander';

/**
 * Option parsers: they turn text into the types the API takes and refuse what is not that type
 * (a usage error, exit 2). Ranges and meaning stay the API's to judge, so there is one place
 * that decides what a valid importance or scope is.
 */

export function parseNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('not a number.');
  return n;
}

export function parseInteger(value: string): number {
  const n = parseNumber(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('not an integer.');
  return n;
}

/** Any date JavaScript reads (2026-03-01, 2026-03-01T09:00:00Z, …), sent as an ISO instant. */
export function parseDate(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new InvalidArgumentError('not a date (e.g. 2026-03-01 or 2026-03-01T09:00:00Z).');
  return new Date(ms).toISOString();
}

export function parseJsonObject(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InvalidArgumentError('not JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InvalidArgumentError('not a JSON object.');
  return parsed as Record<string, unknown>;
}

/** For repeatable options: `--tag a --tag b` → ['a', 'b']. */
export function collect(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export interface GoalArg {
  readonly name: string;
  readonly priority?: number;
}

/**
 * `name[:priority]`: the part after the last colon is a priority only when it is a number, so a
 * goal named `ship v2: the API` stays whole.
 */
export function parseGoal(value: string): GoalArg {
  const colon = value.lastIndexOf(':');
  const tail = colon >= 0 ? value.slice(colon + 1).trim() : '';
  const priority = tail === '' ? NaN : Number(tail);
  const name = (Number.isFinite(priority) ? value.slice(0, colon) : value).trim();
  if (name === '') throw new InvalidArgumentError(`goal "${value}" has no name.`);
  return Number.isFinite(priority) ? { name, priority } : { name };
}
