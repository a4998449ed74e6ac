import { isDate, isDateTime, isDuration, isLocalDateTime, isTime, isInt, type Integer } from 'neo4j-driver';

/** Epoch milliseconds, our only time representation outside Neo4j. */
export type EpochMs = number;

/**
 * Turns driver values into plain JS: temporals become epoch millis, Integers numbers,
 * nested lists and maps recursively. Nothing driver-typed leaves libs/graph.
 */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  // Most values are plain numbers and strings: skip the six driver-type checks for them.
  if (typeof value !== 'object') return value;
  // Lists and maps come from the driver as plain arrays and objects; only class instances can
  // be driver types, so those two skip the checks too (a recall converts ≈ 70 maps).
  if (Array.isArray(value)) return value.map(toPlain);
  if (Object.getPrototypeOf(value) === Object.prototype) return plainObject(value);
  if (isInt(value)) return (value as Integer).toNumber();
  if (isDateTime(value) || isLocalDateTime(value) || isDate(value)) return new Date(value.toString()).getTime();
  if (isTime(value) || isDuration(value)) return value.toString();
  return plainObject(value);
}

function plainObject(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = toPlain(v);
  return out;
}

export function num(v: unknown, fallback = 0): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function numList(v: unknown): number[] {
  return Array.isArray(v) ? v.map((x) => num(x)) : [];
}

export function strList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
