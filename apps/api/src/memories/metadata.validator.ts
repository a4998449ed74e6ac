import type { Metadata, MetadataValue } from '@limbic/graph';
import { canonicalJson } from '@limbic/graph';
import { badInput } from '../common/api-error';
import { requireWellFormed } from '../common/validate';

/** chosen: room for ids, sources and a few labels, not for documents (content is for text). */
export const METADATA_LIMITS = { maxBytes: 4096, maxDepth: 4, maxKeyChars: 64, maxKeys: 64 } as const;

/** Top-level keys usable as equality filters are identifiers, so filters can name them plainly. */
const KEY = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/**
 * A memory's metadata: a JSON object of at most 4 levels, 64 keys per object and 4 KiB as
 * canonical JSON; keys 1–64 characters of letters, digits and `_ . : -` (not starting with a
 * digit or punctuation); strings well-formed; numbers finite. Anything else is BAD_USER_INPUT
 * naming the path.
 */
export function requireMetadata(field: string, value: unknown): Metadata {
  const checked = check(field, value, 1);
  if (checked === null || typeof checked !== 'object' || Array.isArray(checked)) throw badInput(field, 'must be a JSON object');
  const bytes = Buffer.byteLength(canonicalJson(checked), 'utf8');
  if (bytes > METADATA_LIMITS.maxBytes) throw badInput(field, `is ${bytes} bytes as JSON; the limit is ${METADATA_LIMITS.maxBytes}`);
  return checked as Metadata;
}

function check(path: string, value: unknown, depth: number): MetadataValue {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return requireWellFormed(path, value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw badInput(path, 'must be a finite number');
    return value;
  }
  if (typeof value !== 'object') throw badInput(path, 'is not a JSON value');
  if (depth > METADATA_LIMITS.maxDepth) throw badInput(path, `nests deeper than ${METADATA_LIMITS.maxDepth} levels`);
  if (Array.isArray(value)) return value.map((v: unknown, i) => check(`${path}[${i}]`, v, depth + 1));
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > METADATA_LIMITS.maxKeys) throw badInput(path, `has more than ${METADATA_LIMITS.maxKeys} keys`);
  const out: Record<string, MetadataValue> = {};
  for (const [key, v] of entries) {
    if (key.length > METADATA_LIMITS.maxKeyChars || !KEY.test(key)) {
      throw badInput(path, `key ${JSON.stringify(key.slice(0, METADATA_LIMITS.maxKeyChars))} must be 1–${METADATA_LIMITS.maxKeyChars} characters of letters, digits, _ . : - (starting with a letter or _)`);
    }
    out[key] = check(`${path}.${key}`, v, depth + 1);
  }
  return out;
}

/** An equality filter's value: one scalar (objects and lists are not filterable). */
export function requireMetadataFilterValue(field: string, value: unknown): string | number | boolean | null {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return requireWellFormed(field, value);
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw badInput(field, 'must be a string, a finite number, a boolean or null (nested values are not filterable)');
}
