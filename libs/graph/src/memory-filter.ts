/**
 * Which of an agent's memories a read may see, as every filtered query takes it: one `$filter`
 * map. An empty list or a null bound means "no condition". The API validates and normalises it
 * (apps/api/src/memories/memory-filter.validator.ts). The Cypher predicate is written once,
 * memoryFilterCypher below, and reaches the queries as the generated fragments
 * `{{memory-filter}}` (over `m`), `{{memory-filter-n}}` and `{{memory-filter-hit}}` (over
 * `h.node`, a fulltext hit): cypher-fragments.ts.
 */
export interface MemoryFilter {
  /** Exactly this scope. */
  readonly scope: string | null;
  /** At least one of these tags (normalised as encode stores tags). */
  readonly tagsAny: readonly string[];
  /** All of these tags. */
  readonly tagsAll: readonly string[];
  /** occurredAt ≥ this (epoch ms). */
  readonly after: number | null;
  /** occurredAt < this (epoch ms). */
  readonly before: number | null;
  /** Each `metadataPair(key, value)` must be among the memory's metadataPairs (memory-metadata.ts). */
  readonly metadataPairs: readonly string[];
}

export const NO_FILTER: MemoryFilter = { scope: null, tagsAny: [], tagsAll: [], after: null, before: null, metadataPairs: [] };

export function isUnfiltered(f: MemoryFilter): boolean {
  return f.scope === null && f.tagsAny.length === 0 && f.tagsAll.length === 0 && f.after === null && f.before === null && f.metadataPairs.length === 0;
}

/** The earliest and (exclusive) latest occurredAt a memory can have (year 1 … 9999, as the API validates dates). */
export const FILTER_TIME_MIN = -62_135_596_800_000;
export const FILTER_TIME_MAX = 253_402_300_800_000;

/**
 * Conditions no index can check: tags and metadata are lists (scope and the time range are
 * vector-index filter properties, schema 013).
 */
export function hasListConditions(f: MemoryFilter): boolean {
  return f.tagsAny.length > 0 || f.tagsAll.length > 0 || f.metadataPairs.length > 0;
}

/**
 * The conjuncts of a MemoryFilter over the memory `node`, each starting with AND, so a query
 * writes them after a condition of its own. toInteger: the driver sends a JS number as a float,
 * and datetime() refuses float millis.
 */
export function memoryFilterCypher(node: string): string {
  return [
    `AND ($filter.scope IS NULL OR ${node}.scope = $filter.scope)`,
    `AND (size($filter.tagsAny) = 0 OR any(t IN $filter.tagsAny WHERE t IN ${node}.tags))`,
    `AND all(t IN $filter.tagsAll WHERE t IN ${node}.tags)`,
    `AND ($filter.after IS NULL OR ${node}.occurredAt >= datetime({epochMillis: toInteger($filter.after)}))`,
    `AND ($filter.before IS NULL OR ${node}.occurredAt < datetime({epochMillis: toInteger($filter.before)}))`,
    `AND all(p IN $filter.metadataPairs WHERE p IN ${node}.metadataPairs)`,
  ].join('\n');
}
