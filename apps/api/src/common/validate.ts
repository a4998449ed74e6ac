import { badInput } from './api-error';

/** Ids chosen by callers: printable, short, no whitespace. */
const CALLER_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

export function requireCallerId(field: string, value: string): string {
  if (!CALLER_ID.test(value)) throw badInput(field, 'must be 1–128 characters of A–Z a–z 0–9 . _ : @ -');
  return value;
}

/** A memory's scope (a user, session or conversation id within the agent): an id like the caller's own. */
export function requireScope(field: string, value: string): string {
  return requireCallerId(field, value);
}

export function requireRange(field: string, value: number, min: number, max: number): number {
  if (!Number.isFinite(value) || value < min || value > max) throw badInput(field, `must be a number in [${min}, ${max}]`);
  return value;
}

export function requireInt(field: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw badInput(field, `must be an integer in [${min}, ${max}]`);
  return value;
}

/** A UTF-16 surrogate without its pair: no character at all (it would be stored as U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text a person could have written: no NUL (it ends strings in other systems and in logs) and
 * no lone surrogate (it is not a character; storing it would silently replace it with U+FFFD).
 */
export function requireWellFormed(field: string, value: string): string {
  if (value.includes('\u0000')) throw badInput(field, 'must not contain NUL characters');
  if (LONE_SURROGATE.test(value)) throw badInput(field, 'is not well-formed Unicode (a lone surrogate)');
  return value;
}

export function requireText(field: string, value: string, maxBytes: number): string {
  requireWellFormed(field, value);
  if (value.trim().length === 0) throw badInput(field, 'must not be empty');
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > maxBytes) throw badInput(field, `is ${bytes} bytes; the limit is ${maxBytes}`);
  return value;
}

export function requireDate(field: string, value: Date | undefined, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const ms = value.getTime();
  // Year 1 … 9999 keeps Neo4j DateTime and JS Date in agreement.
  if (!Number.isFinite(ms) || ms < -62_135_596_800_000 || ms > 253_402_300_799_999) throw badInput(field, 'is not a valid date-time');
  return ms;
}
