import type { MemoryRecord } from './model';
import { memoryFromFields } from './record-parsers';
import { numList } from './records';

/**
 * The columns of a memory as recall's queries project it (`recall.prelude`, `recall.candidates`,
 * `spread.activate` and the vector searches' recall rows), in this order, as a list
 * `[m.id, m.tenantId, …, m.lastAccessedAt.epochMillis, …]` (times as epoch millis), not a map:
 * the driver decodes every key of every map it receives, and ≈ 75 memories a recall with a key
 * per column made map decoding the largest single JS cost of a recall (`--cpu-prof`,
 * bench/recall-latency README). Only what scoring and the API read is projected. The queries
 * include `{{memory-row}}`, made from this list at load (memoryRowCypher), so they cannot drift
 * from it or from each other.
 */
export const MEMORY_ROW = [
  'id',
  'tenantId',
  'agentId',
  'externalId',
  'content',
  'occurredAt',
  'encodedAt',
  'valence',
  'arousal',
  'dominance',
  'importance',
  'tags',
  'accessCount',
  'pendingAppraisal',
  'archived',
  'moodAtEncoding',
  'momentumAtEncoding',
  'consolidation',
  'lastAccessedAt',
  'embeddingModel',
  'scope',
  'metadata',
  'affectGiven',
  'hourOfDay',
  'sessionStartedAt',
  'speaker',
] as const;

type Column = (typeof MEMORY_ROW)[number];

/** Columns stored as DateTime: a driver DateTime costs Integer arithmetic to decode, epoch millis do not. */
const TIME_COLUMNS: ReadonlySet<Column> = new Set<Column>(['occurredAt', 'encodedAt', 'lastAccessedAt', 'sessionStartedAt']);

/** The `{{memory-row}}` fragment: MEMORY_ROW as a Cypher list over the memory bound to `m`. */
export function memoryRowCypher(): string {
  return `[${MEMORY_ROW.map((c) => (TIME_COLUMNS.has(c) ? `m.${c}.epochMillis` : `m.${c}`)).join(', ')}]`;
}
const col = (name: Column): number => MEMORY_ROW.indexOf(name);
const C = Object.fromEntries(MEMORY_ROW.map((name) => [name, col(name)])) as Record<Column, number>;

/** A memory row with the scoring inputs MemoryRecord does not carry; missing fields come back as null. */
export interface ParsedMemoryRow {
  readonly memory: MemoryRecord;
  readonly moodAtEncoding: readonly number[] | null;
  readonly momentumAtEncoding: readonly number[] | null;
  readonly consolidation: number | null;
  readonly lastAccessedAt: number | null;
}

/**
 * Reads a row as the driver returns it: with lossless integers off, every value is already a
 * plain number, string, boolean, list or null (times left Neo4j as epoch millis), so nothing
 * needs toPlain's copy.
 */
export function parseMemoryRow(row: readonly unknown[]): ParsedMemoryRow {
  const optionalList = (v: unknown): number[] | null => (Array.isArray(v) ? numList(v) : null);
  const consolidation = row[C.consolidation];
  const lastAccessedAt = row[C.lastAccessedAt];
  return {
    memory: memoryFromFields((name) => row[C[name]]),
    moodAtEncoding: optionalList(row[C.moodAtEncoding]),
    momentumAtEncoding: optionalList(row[C.momentumAtEncoding]),
    consolidation: typeof consolidation === 'number' ? consolidation : null,
    lastAccessedAt: typeof lastAccessedAt === 'number' ? lastAccessedAt : null,
  };
}
