import { GraphQLISODateTime } from '@nestjs/graphql';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/**
 * RFC 3339 date-time: date, `T` (or a space), time with optional fraction, and `Z` or an offset.
 * JavaScript's Date parser accepts far more ("1", "2026-02-30", "March 3") and rolls impossible
 * dates over (30 February became 2 March): a memory's time is what the caller meant or nothing.
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** chosen: the years an agent's experiences plausibly fall in (an archive's dates included). */
export const DATE_TIME_YEARS = { min: 1900, max: 2200 } as const;

/** How much of a bad value an error repeats (errors never echo the whole input). */
const ECHO_MAX = 40;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses an RFC 3339 date-time that exists; anything else is a GraphQLError naming what is wrong. */
export function parseDateTime(value: unknown): Date {
  if (value instanceof Date && Number.isFinite(value.getTime())) return value;
  if (typeof value !== 'string') throw new GraphQLError('DateTime must be an RFC 3339 string such as 2026-03-01T09:30:00Z');
  const m = RFC3339.exec(value);
  const shown = value.length > ECHO_MAX ? `${value.slice(0, ECHO_MAX)}…` : value;
  if (!m) throw new GraphQLError(`DateTime "${shown}" is not an RFC 3339 date-time such as 2026-03-01T09:30:00Z`);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (year < DATE_TIME_YEARS.min || year > DATE_TIME_YEARS.max) {
    throw new GraphQLError(`DateTime "${shown}": the year must be between ${DATE_TIME_YEARS.min} and ${DATE_TIME_YEARS.max}`);
  }
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) {
    throw new GraphQLError(`DateTime "${shown}" does not exist`);
  }
  if (m[9] !== undefined && (Number(m[10]) > 23 || Number(m[11]) > 59)) throw new GraphQLError(`DateTime "${shown}" has an impossible offset`);
  return new Date(value.replace(' ', 'T'));
}

/**
 * The schema's `DateTime` (replacing Nest's lenient built-in one for every `Date` field): strict
 * on input, ISO 8601 at UTC on output, as before.
 */
export const StrictDateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: `An RFC 3339 date-time that exists, such as 2019-12-03T09:54:33Z (an offset instead of Z is kept as the same instant), years ${DATE_TIME_YEARS.min}–${DATE_TIME_YEARS.max}; returned at UTC.`,
  serialize(value) {
    const date = value instanceof Date ? value : new Date(value as string | number);
    if (!Number.isFinite(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date');
    return date.toISOString();
  },
  parseValue: parseDateTime,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string such as 2026-03-01T09:30:00Z');
    return parseDateTime(ast.value);
  },
});

/**
 * Makes the schema's `DateTime` strict. It is Nest's built-in scalar (every `Date` field maps to
 * it); Nest offers no way to swap its implementation without renaming the type (a second
 * scalar named DateTime is refused as a duplicate), so its parsing is replaced in place, once,
 * before the schema is built. Output is unchanged (ISO 8601 at UTC).
 */
export function makeDateTimeStrict(): void {
  const scalar = GraphQLISODateTime as unknown as { parseValue: unknown; parseLiteral: unknown; description: string };
  scalar.parseValue = (value: unknown) => StrictDateTime.parseValue(value);
  scalar.parseLiteral = (ast: ValueNode) => StrictDateTime.parseLiteral(ast);
}
