import neo4j, { isDateTime } from 'neo4j-driver';
import { UnsupportedPropertyError, type PortableRecord, type PortableType, type PortableValue } from './portable-format';

/** A node's or edge's properties as the export queries return them, with `valueType()` per key. */
export interface PropsRow {
  props: Record<string, unknown>;
  types: readonly (readonly [string, string])[];
}

/**
 * Properties an export never carries: the tenant is the importer's; the vector revision (the
 * agent's counter and each memory's stamp, schema 018) is this store's bookkeeping, which the
 * import writes afresh.
 */
export const NEVER_EXPORTED: ReadonlySet<string> = new Set(['tenantId', 'vectorRev']);
/**
 * Agent plumbing: the creation token of createAgent's idempotency and lock counters; the
 * term statistics' totals, derived from the memories like the LexTerm nodes; and the epoch of
 * its linkable memories that API replicas' embedding caches check (none is exported; an
 * import recounts the statistics from the memories it writes, and starts without an epoch).
 */
export const AGENT_INTERNAL: ReadonlySet<string> = new Set(['creationToken', 'stateLock', 'lexDocs', 'lexTerms', 'linkEpoch', 'graphRev', 'effectsRev']);

/** Neo4j values → portable JSON values plus type hints, from `valueType()` per key. */
export function toPortable(row: PropsRow, omit: (key: string) => boolean = (k) => NEVER_EXPORTED.has(k)): PortableRecord {
  const cypherTypes = new Map(row.types.map(([k, t]) => [k, t]));
  const props: Record<string, PortableValue> = {};
  const types: Record<string, PortableType> = {};
  for (const [key, value] of Object.entries(row.props)) {
    if (omit(key)) continue;
    const cypherType = cypherTypes.get(key) ?? 'ANY';
    const { portable, type } = portableValue(key, value, cypherType);
    props[key] = portable;
    if (type) types[key] = type;
  }
  return { props, types };
}

function portableValue(key: string, value: unknown, cypherType: string): { portable: PortableValue; type: PortableType | null } {
  const t = cypherType.replace(/ NOT NULL/g, '');
  switch (t) {
    case 'INTEGER':
      return { portable: safeInteger(key, value), type: 'int' };
    case 'FLOAT':
      return { portable: finite(key, value), type: null };
    case 'STRING':
    case 'BOOLEAN':
      return { portable: value as string | boolean, type: null };
    case 'ZONED DATETIME':
      return { portable: isoOf(key, value), type: 'datetime' };
    case 'LIST<INTEGER>':
      return { portable: (value as unknown[]).map((v) => safeInteger(key, v)), type: 'int[]' };
    case 'LIST<FLOAT>':
      return { portable: (value as unknown[]).map((v) => finite(key, v)), type: null };
    case 'LIST<STRING>':
    case 'LIST<BOOLEAN>':
      return { portable: value as string[] | boolean[], type: null };
    case 'LIST<ZONED DATETIME>':
      return { portable: (value as unknown[]).map((v) => isoOf(key, v)), type: 'datetime[]' };
    case 'LIST<NOTHING>':
      return { portable: [], type: null };
    default:
      throw new UnsupportedPropertyError(key, cypherType);
  }
}

function safeInteger(key: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new UnsupportedPropertyError(key, 'INTEGER beyond 2^53');
  return v;
}

function finite(key: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new UnsupportedPropertyError(key, 'FLOAT NaN/Infinity');
  return v;
}

/** ISO-8601 in UTC with milliseconds: Limbic writes every datetime from epoch millis. */
function isoOf(key: string, v: unknown): string {
  if (!isDateTime(v)) throw new UnsupportedPropertyError(key, 'ZONED DATETIME');
  return v.toStandardDate().toISOString();
}

/** Portable values → driver values, restoring integers and datetimes from the hints. */
export function fromPortable(rec: PortableRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rec.props)) {
    switch (rec.types[key]) {
      case 'int':
        out[key] = neo4j.int(value as number);
        break;
      case 'int[]':
        out[key] = (value as number[]).map((v) => neo4j.int(v));
        break;
      case 'datetime':
        out[key] = utcDateTime(value as string);
        break;
      case 'datetime[]':
        out[key] = (value as string[]).map(utcDateTime);
        break;
      case undefined:
        out[key] = value;
        break;
    }
  }
  return out;
}

function utcDateTime(iso: string): InstanceType<typeof neo4j.types.DateTime> {
  const d = new Date(iso);
  return new neo4j.types.DateTime(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds() * 1_000_000,
    0,
  );
}
