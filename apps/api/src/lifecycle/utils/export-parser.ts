import { REVISION_KINDS, type RevisionKind } from '@limbic/affect';
import { PORTABLE_EDGE_TYPES, PORTABLE_TYPES, storeMetadata, type EdgeEnd, type PortableEdgeType, type PortableRecord, type PortableRevision, type PortableType, type PortableValue } from '@limbic/graph';
import { ApiError, badInput } from '../../common/api-error';
import { requireScope } from '../../common/validate';
import { requireSpeaker } from '../../memories/encode-input.validator';
import { requireMetadata } from '../../memories/metadata.validator';
import { EXPORT_FORMAT, EXPORT_VERSION } from './export-format';

export interface ParseLimits {
  /** The active embedder's dimension: every embedding must have it. */
  readonly embeddingDimension: number;
  readonly maxContentBytes: number;
  readonly maxMemories: number;
}

export interface ParsedNode extends PortableRecord {
  /** How the file's edges name the node: the exported id (memory, goal) or the name (concept). */
  readonly key: string;
}

export interface ParsedMemory extends ParsedNode {
  readonly occurredAtMs: number;
}

export interface ParsedEdge extends PortableRecord {
  readonly type: PortableEdgeType;
  readonly from: EdgeEnd;
  readonly to: EdgeEnd;
}

export interface ParsedExport {
  readonly agent: PortableRecord;
  readonly goals: readonly ParsedNode[];
  readonly concepts: readonly ParsedNode[];
  readonly memories: readonly ParsedMemory[];
  /** `holder` is the exported id of the memory holding the revision. */
  readonly revisions: readonly PortableRevision[];
  readonly edges: readonly ParsedEdge[];
}

/** Which ends each relationship type may join (DESIGN §2). */
const EDGE_ENDS: Record<PortableEdgeType, readonly [EdgeEnd['label'], EdgeEnd['label']]> = {
  SEMANTIC: ['Memory', 'Memory'],
  EMOTIONAL: ['Memory', 'Memory'],
  TEMPORAL: ['Memory', 'Memory'],
  CAUSAL: ['Memory', 'Memory'],
  CONTRASTIVE: ['Memory', 'Memory'],
  CO_RECALLED: ['Memory', 'Memory'],
  TAGGED: ['Memory', 'Concept'],
  PURSUES: ['Agent', 'Goal'],
  PRIMED: ['Agent', 'Concept'],
};

const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const MAX_KEY_CHARS = 256;

/**
 * Validates a whole export before anything is written. Every line must be a known record with
 * well-typed properties; ids, external ids and concept names unique; every embedding of the
 * active embedder's dimension; every edge between nodes the file defines, of an allowed type
 * and between the kinds of node that type joins. The first problem is reported with its line.
 */
export function parseExport(text: string, limits: ParseLimits): ParsedExport {
  let agent: PortableRecord | null = null;
  const goals: ParsedNode[] = [];
  const concepts: ParsedNode[] = [];
  const memories: ParsedMemory[] = [];
  const edges: { edge: ParsedEdge; line: number }[] = [];
  const revisions: { revision: PortableRevision; line: number }[] = [];
  const ids = { goal: new Set<string>(), concept: new Set<string>(), memory: new Set<string>(), externalId: new Set<string>() };

  const rows = text.split('\n');
  for (const [index, raw] of rows.entries()) {
    const n = index + 1;
    if (raw.trim() === '') continue;
    const record = parseLine(raw, n);
    if (agent === null && record.kind !== 'agent') throw lineError(n, 'the first line must be the agent record');
    switch (record.kind) {
      case 'agent':
        if (agent !== null) throw lineError(n, 'a second agent record');
        if (record.format !== EXPORT_FORMAT || record.version !== EXPORT_VERSION) {
          throw lineError(n, `not a ${EXPORT_FORMAT} version ${EXPORT_VERSION} file`);
        }
        agent = portable(record, n);
        break;
      case 'goal': {
        const goal = portable(record, n);
        const key = requireKey(goal.props.id, n, 'goal props.id');
        if (ids.goal.has(key)) throw lineError(n, `goal ${key} appears twice`);
        ids.goal.add(key);
        checkEmbedding(goal, n, limits, false);
        goals.push({ ...goal, key });
        break;
      }
      case 'concept': {
        const concept = portable(record, n);
        const key = requireKey(concept.props.name, n, 'concept props.name');
        if (ids.concept.has(key)) throw lineError(n, `concept ${key} appears twice`);
        ids.concept.add(key);
        concepts.push({ ...concept, key });
        break;
      }
      case 'memory': {
        const memory = portable(record, n);
        const key = requireKey(memory.props.id, n, 'memory props.id');
        if (ids.memory.has(key)) throw lineError(n, `memory ${key} appears twice`);
        ids.memory.add(key);
        if (memories.length >= limits.maxMemories) throw lineError(n, `an import holds at most ${limits.maxMemories} memories`);
        memories.push({ ...memory, key, occurredAtMs: checkMemory(memory, n, limits, ids.externalId) });
        break;
      }
      case 'revision':
        revisions.push({ revision: parseRevision(record, n), line: n });
        break;
      case 'edge':
        edges.push({ edge: parseEdge(record, n), line: n });
        break;
      default:
        throw lineError(n, `unknown kind ${JSON.stringify(record.kind)}`);
    }
  }
  if (agent === null) throw badInput('body', 'is empty: expected an agent export (JSON Lines)');
  for (const { edge, line } of edges) {
    for (const end of [edge.from, edge.to]) {
      const known =
        end.label === 'Agent' ||
        (end.label === 'Memory' && ids.memory.has(end.key ?? '')) ||
        (end.label === 'Goal' && ids.goal.has(end.key ?? '')) ||
        (end.label === 'Concept' && ids.concept.has(end.key ?? ''));
      if (!known) throw lineError(line, `edge end ${end.label} ${end.key ?? ''} is not in the file`);
    }
  }
  for (const { revision, line } of revisions) {
    if (!ids.memory.has(revision.holder)) throw lineError(line, `revision memory ${revision.holder} is not in the file`);
  }
  return { agent, goals, concepts, memories, revisions: revisions.map((r) => r.revision), edges: edges.map((e) => e.edge) };
}

type RawRecord = Record<string, unknown>;

function parseLine(raw: string, n: number): RawRecord {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw lineError(n, 'is not valid JSON');
  }
  if (!isObject(value)) throw lineError(n, 'must be a JSON object');
  return value;
}

/** props + types, checked: property names, JSON shapes, and each type hint against its value. */
function portable(record: RawRecord, n: number): PortableRecord {
  const { props, types } = record;
  if (!isObject(props)) throw lineError(n, 'props must be an object');
  if (types !== undefined && !isObject(types)) throw lineError(n, 'types must be an object');
  const outProps: Record<string, PortableValue> = {};
  for (const [key, value] of Object.entries(props)) {
    if (!PROPERTY_NAME.test(key)) throw lineError(n, `property name ${JSON.stringify(key)} is not allowed`);
    if (key === 'tenantId') throw lineError(n, 'tenantId is set by the import, not by the file');
    outProps[key] = portableValue(value, key, n);
  }
  const outTypes: Record<string, PortableType> = {};
  for (const [key, type] of Object.entries(types ?? {})) {
    if (!(key in outProps)) throw lineError(n, `types names ${key}, which props does not have`);
    if (!PORTABLE_TYPES.includes(type as PortableType)) throw lineError(n, `types.${key} must be one of ${PORTABLE_TYPES.join(', ')}`);
    checkTyped(outProps[key] as PortableValue, type as PortableType, key, n);
    outTypes[key] = type as PortableType;
  }
  return { props: outProps, types: outTypes };
}

function portableValue(value: unknown, key: string, n: number): PortableValue {
  if (isScalar(value)) return value;
  if (Array.isArray(value)) {
    const first = value[0];
    if (value.every((v) => isScalar(v) && typeof v === typeof first)) return value as PortableValue;
    throw lineError(n, `${key} must be a list of values of one type (strings, numbers or booleans)`);
  }
  throw lineError(n, `${key} must be a string, number, boolean or a list of them (Neo4j stores no nulls or maps)`);
}

function checkTyped(value: PortableValue, type: PortableType, key: string, n: number): void {
  const isInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
  const isDate = (v: unknown) => typeof v === 'string' && ISO_DATETIME.test(v) && Number.isFinite(Date.parse(v));
  const ok =
    type === 'int'
      ? isInt(value)
      : type === 'datetime'
        ? isDate(value)
        : type === 'int[]'
          ? Array.isArray(value) && value.every(isInt)
          : Array.isArray(value) && value.every(isDate);
  if (!ok) throw lineError(n, `${key} is not a valid ${type}`);
}

/** The memory's required fields; returns its occurredAt in epoch ms. */
function checkMemory(memory: PortableRecord, n: number, limits: ParseLimits, externalIds: Set<string>): number {
  const { props, types } = memory;
  if (typeof props.content !== 'string' || props.content.trim() === '') throw lineError(n, 'memory content must be a non-empty string');
  const bytes = Buffer.byteLength(props.content, 'utf8');
  if (bytes > limits.maxContentBytes) throw lineError(n, `memory content is ${bytes} bytes; the limit is ${limits.maxContentBytes}`);
  checkEmbedding(memory, n, limits, true);
  if (types.occurredAt !== 'datetime') throw lineError(n, 'memory occurredAt must be a datetime');
  for (const [key, min] of [
    ['valence', -1],
    ['arousal', 0],
    ['dominance', 0],
  ] as const) {
    const v = props[key];
    if (v !== undefined && (typeof v !== 'number' || v < min || v > 1)) throw lineError(n, `memory ${key} must be a number in [${min}, 1]`);
  }
  if (props.externalId !== undefined) {
    const externalId = requireKey(props.externalId, n, 'memory props.externalId');
    if (externalIds.has(externalId)) throw lineError(n, `externalId ${externalId} appears twice`);
    externalIds.add(externalId);
  }
  checkScopeAndMetadata(props, n);
  checkSpeaker(props, n);
  return Date.parse(props.occurredAt as string);
}

/** A speaker as encode would have stored it (trimmed, 1–64 characters, a letter or digit). */
function checkSpeaker(props: PortableRecord['props'], n: number): void {
  const speaker = props.speaker;
  if (speaker === undefined) return;
  let stored: string;
  try {
    stored = requireSpeaker('speaker', typeof speaker === 'string' ? speaker : '');
  } catch (err) {
    throw lineError(n, `memory ${err instanceof Error ? err.message : String(err)}`);
  }
  if (stored !== speaker) throw lineError(n, 'memory speaker must be stored trimmed');
}

/** scope and metadata as encode would have stored them; metadataPairs must be what metadata implies (filters read them). */
function checkScopeAndMetadata(props: PortableRecord['props'], n: number): void {
  const scope = props.scope;
  if (scope !== undefined) {
    try {
      requireScope('scope', typeof scope === 'string' ? scope : '');
    } catch (err) {
      throw lineError(n, `memory ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const raw = props.metadata;
  let expected: readonly string[] = [];
  if (raw !== undefined) {
    let parsed: unknown;
    try {
      parsed = typeof raw === 'string' ? JSON.parse(raw) : undefined;
    } catch {
      parsed = undefined;
    }
    try {
      expected = storeMetadata(requireMetadata('metadata', parsed)).metadataPairs;
    } catch (err) {
      throw lineError(n, `memory metadata must be the JSON text of a valid metadata object (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  const pairs = props.metadataPairs ?? [];
  if (!Array.isArray(pairs) || pairs.length !== expected.length || pairs.some((p, i) => p !== expected[i])) {
    throw lineError(n, 'memory metadataPairs must be what its metadata implies');
  }
}

function checkEmbedding(record: PortableRecord, n: number, limits: ParseLimits, required: boolean): void {
  const embedding = record.props.embedding;
  if (embedding === undefined && !required) return;
  if (!Array.isArray(embedding) || embedding.some((x) => typeof x !== 'number')) throw lineError(n, 'embedding must be a list of numbers');
  if (embedding.length !== limits.embeddingDimension) {
    throw lineError(
      n,
      `embedding has ${embedding.length} dimensions but the active embedder produces ${limits.embeddingDimension}; import into a Limbic running the embedder that made the export`,
    );
  }
}

function parseEdge(record: RawRecord, n: number): ParsedEdge {
  const type = record.type;
  if (typeof type !== 'string' || !PORTABLE_EDGE_TYPES.includes(type as PortableEdgeType)) {
    throw lineError(n, `edge type must be one of ${PORTABLE_EDGE_TYPES.join(', ')}`);
  }
  const from = parseEnd(record.from, n, 'from');
  const to = parseEnd(record.to, n, 'to');
  const [fromLabel, toLabel] = EDGE_ENDS[type as PortableEdgeType];
  if (from.label !== fromLabel || to.label !== toLabel) throw lineError(n, `a ${type} edge runs from ${fromLabel} to ${toLabel}`);
  return { type: type as PortableEdgeType, from, to, ...portable(record, n) };
}

/** A revision as the service writes it: its kind, seq, time, fields and old/new values as JSON objects. */
function parseRevision(record: RawRecord, n: number): PortableRevision {
  const holder = requireKey(record.memory, n, 'revision memory');
  const revision = portable(record, n);
  const { props, types } = revision;
  requireKey(props.memoryId, n, 'revision props.memoryId');
  if (props.relatedMemoryId !== undefined) requireKey(props.relatedMemoryId, n, 'revision props.relatedMemoryId');
  if (!REVISION_KINDS.includes(props.kind as RevisionKind)) throw lineError(n, `revision kind must be one of ${REVISION_KINDS.join(', ')}`);
  if (types.seq !== 'int') throw lineError(n, 'revision seq must be an int');
  if (types.at !== 'datetime') throw lineError(n, 'revision at must be a datetime');
  if (!Array.isArray(props.fields) || props.fields.some((f) => typeof f !== 'string')) throw lineError(n, 'revision fields must be a list of strings');
  for (const key of ['before', 'after'] as const) {
    let value: unknown;
    try {
      value = typeof props[key] === 'string' ? JSON.parse(props[key]) : undefined;
    } catch {
      value = undefined;
    }
    if (!isObject(value)) throw lineError(n, `revision ${key} must be the JSON text of an object`);
  }
  return { holder, ...revision };
}

function parseEnd(value: unknown, n: number, which: string): EdgeEnd {
  if (!isObject(value)) throw lineError(n, `edge ${which} must be an object`);
  switch (value.label) {
    case 'Agent':
      return { label: 'Agent', key: null };
    case 'Memory':
    case 'Goal':
      return { label: value.label, key: requireKey(value.id, n, `edge ${which}.id`) };
    case 'Concept':
      return { label: 'Concept', key: requireKey(value.name, n, `edge ${which}.name`) };
    default:
      throw lineError(n, `edge ${which}.label must be Agent, Memory, Goal or Concept`);
  }
}

function requireKey(value: unknown, n: number, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_KEY_CHARS) {
    throw lineError(n, `${what} must be a string of 1–${MAX_KEY_CHARS} characters`);
  }
  return value;
}

function isObject(v: unknown): v is RawRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

function lineError(n: number, message: string): ApiError {
  return badInput(`line ${n}`, message);
}
