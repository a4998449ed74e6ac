import type { MemoryPosition } from '@limbic/graph';
import { badInput } from '../../common/api-error';

/**
 * Opaque page cursors: base64url of a small JSON list naming what the cursor points into and
 * the sort key of the last element of a page. A key, not an offset: a page continues after
 * that element wherever inserts and deletes have moved it, so nothing repeats or is skipped.
 * The tag ('m1', 'a1') refuses a cursor of one listing given to the other, and versions the format.
 */
const MEMORY_TAG = 'm1';
const AGENT_TAG = 'a1';
/** A cursor we issue is well under this (an id is at most 128 characters). */
const MAX_CURSOR_CHARS = 400;
const ID = /^[A-Za-z0-9._:@-]{1,128}$/;
// Years 1 … 9999, as every stored occurredAt (requireDate).
const EARLIEST_MS = -62_135_596_800_000;
const LATEST_MS = 253_402_300_799_999;

export function encodeMemoryCursor(p: MemoryPosition): string {
  return encode([MEMORY_TAG, p.occurredAt, p.id]);
}

export function decodeMemoryCursor(field: string, cursor: string): MemoryPosition {
  const v = decode(field, cursor);
  const [tag, occurredAt, id] = v;
  if (v.length !== 3 || tag !== MEMORY_TAG || !Number.isInteger(occurredAt) || typeof id !== 'string') throw notACursor(field);
  const ms = occurredAt as number;
  if (ms < EARLIEST_MS || ms > LATEST_MS || !ID.test(id)) throw notACursor(field);
  return { occurredAt: ms, id };
}

export function encodeAgentCursor(agentId: string): string {
  return encode([AGENT_TAG, agentId]);
}

export function decodeAgentCursor(field: string, cursor: string): string {
  const v = decode(field, cursor);
  const [tag, id] = v;
  if (v.length !== 2 || tag !== AGENT_TAG || typeof id !== 'string' || !ID.test(id)) throw notACursor(field);
  return id;
}

function encode(value: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function decode(field: string, cursor: string): unknown[] {
  // Node's base64url decoder skips what it cannot read; only a string that encodes back to
  // itself is one we issued.
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw notACursor(field);
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.toString('base64url') !== cursor) throw notACursor(field);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw notACursor(field);
  }
  if (!Array.isArray(value)) throw notACursor(field);
  return value;
}

function notACursor(field: string) {
  return badInput(field, 'is not a cursor of this listing (use a pageInfo.endCursor it returned)');
}
