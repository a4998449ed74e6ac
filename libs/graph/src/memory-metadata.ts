import { canonicalJson } from './canonical-json';

/** A JSON value as metadata may hold it (validated by the API before it reaches the graph). */
export type MetadataValue = string | number | boolean | null | readonly MetadataValue[] | { readonly [key: string]: MetadataValue };
export type Metadata = { readonly [key: string]: MetadataValue };

/**
 * How a memory's metadata is stored. Neo4j properties cannot hold maps, so the object is kept
 * as canonical JSON (`metadata`), and each top-level key with a scalar value also as one
 * string `key␟json(value)` in the list `metadataPairs`: an equality filter on metadata is then
 * `$pair IN m.metadataPairs`, with no JSON parsing in Cypher. Nested values are returned and
 * exported but not filterable.
 */
export interface StoredMetadata {
  readonly metadata: string | null;
  readonly metadataPairs: readonly string[];
}

const PAIR_SEPARATOR = '\u001f';

export function storeMetadata(metadata: Metadata | null): StoredMetadata {
  if (metadata === null) return { metadata: null, metadataPairs: [] };
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (value === null || typeof value !== 'object') pairs.push(metadataPair(key, value));
  }
  return { metadata: canonicalJson(metadata), metadataPairs: pairs.sort() };
}

/** The stored form of `key = value` that an equality filter looks for in `metadataPairs`. */
export function metadataPair(key: string, value: string | number | boolean | null): string {
  return `${key}${PAIR_SEPARATOR}${JSON.stringify(value)}`;
}

/** The object back from its stored JSON; null when none was stored (or it is unreadable). */
export function loadMetadata(stored: unknown): Metadata | null {
  if (typeof stored !== 'string') return null;
  try {
    const value: unknown = JSON.parse(stored);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Metadata) : null;
  } catch {
    return null;
  }
}
