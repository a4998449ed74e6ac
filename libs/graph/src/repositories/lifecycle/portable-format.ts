import { EDGE_TYPES } from '@limbic/affect';

/**
 * What an export line carries and what an import writes back. JSON cannot tell an integer
 * from a float, nor a datetime from a string, so each record names the properties that need
 * more than JSON.
 */

export type PortableScalar = string | number | boolean;
export type PortableValue = PortableScalar | readonly PortableScalar[];
/** Property types JSON alone would blur; floats, strings, booleans and their lists need no hint. */
export type PortableType = 'int' | 'datetime' | 'int[]' | 'datetime[]';
export const PORTABLE_TYPES: readonly PortableType[] = ['int', 'datetime', 'int[]', 'datetime[]'];

export interface PortableRecord {
  readonly props: Readonly<Record<string, PortableValue>>;
  readonly types: Readonly<Record<string, PortableType>>;
}

/** Node kinds an export holds, and how an edge names its ends. */
export const PORTABLE_LABELS = ['Agent', 'Goal', 'Concept', 'Memory'] as const;
export type PortableLabel = (typeof PORTABLE_LABELS)[number];

/** Relationship types an import may create (the allow-list of lifecycle.import-edges). */
// CO_RECALLED counts co-recalls of unlinked pairs (recall effects) until they earn an edge.
export const PORTABLE_EDGE_TYPES = [...EDGE_TYPES, 'CO_RECALLED', 'TAGGED', 'PURSUES', 'PRIMED'] as const;
export type PortableEdgeType = (typeof PORTABLE_EDGE_TYPES)[number];

/** An edge end: the agent itself (key null), a memory or goal by id, a concept by name. */
export interface EdgeEnd {
  readonly label: PortableLabel;
  readonly key: string | null;
}

export interface PortableEdge extends PortableRecord {
  readonly type: string;
  readonly from: EdgeEnd;
  readonly to: EdgeEnd;
}

/** An edge of a memory page; `source` is the start memory's position in the page. */
export interface MemoryPageEdge extends PortableEdge {
  readonly source: number;
}

/** A memory's revision as an export carries it; `holder` names the memory that holds it. */
export interface PortableRevision extends PortableRecord {
  readonly holder: string;
}

export interface ImportNode extends PortableRecord {
  /** How edges of the import name this node: memory/goal id as exported, concept name. */
  readonly key: string;
}

export interface ImportEdge extends PortableRecord {
  readonly type: PortableEdgeType;
  readonly from: EdgeEnd;
  readonly to: EdgeEnd;
}

export interface ImportGraph {
  readonly agent: PortableRecord;
  readonly goals: readonly ImportNode[];
  readonly concepts: readonly ImportNode[];
  /** props.id already holds the memory's new id. */
  readonly memories: readonly ImportNode[];
  /** `holder` is the memory's key in the file; props already name new memory ids. */
  readonly revisions: readonly PortableRevision[];
  readonly edges: readonly ImportEdge[];
}

export interface ImportCounts {
  readonly goals: number;
  readonly concepts: number;
  readonly memories: number;
  readonly revisions: number;
  readonly edges: number;
}

export class UnsupportedPropertyError extends Error {
  constructor(key: string, type: string) {
    super(`property ${key} has type ${type}, which exports do not support`);
    this.name = 'UnsupportedPropertyError';
  }
}
