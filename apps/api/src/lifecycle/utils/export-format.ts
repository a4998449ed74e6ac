import { canonicalJson, type EdgeEnd, type PortableRecord } from '@limbic/graph';

/**
 * The agent export, version 1: JSON Lines, keys sorted, one record per line, in this order —
 *   {"format","kind":"agent","props","types","version"}   the agent's state (one line)
 *   {"kind":"goal","props","types"}                        goals, with embeddings
 *   {"kind":"concept","props","types"}                     concepts, by name
 *   {"kind":"memory","props","types"}                      memories, by (occurredAt, id)
 *   {"kind":"revision","memory","props","types"}           revisions, by the memory holding
 *                                                          them (`memory`: its id), then seq
 *   {"from","kind":"edge","props","to","type","types"}     edges, by start node then type,
 *                                                          end node and properties
 * `props` holds every property but tenantId (and, on the agent, createAgent's creation token
 * and the lock counter). Datetimes are ISO-8601 strings in UTC with milliseconds, numbers are
 * JSON numbers; `types` names the properties JSON alone would blur ("int", "datetime",
 * "int[]", "datetime[]"). Edge ends are {"label":"Agent"}, {"id","label":"Memory"|"Goal"} or
 * {"label":"Concept","name"}.
 *
 * Import (POST /agents/:newId/import) renews exactly these ids, so export → import → export
 * is byte-identical once they are normalised:
 *   - the agent id: the agent line's props.id and every `agentId` property;
 *   - memory ids: memory lines' props.id and edge ends {"label":"Memory","id"} (new ids are
 *     minted in (occurredAt, id) order and sort the same way, so line order is unchanged);
 *   - goal ids: goal lines' props.id and edge ends {"label":"Goal","id"};
 *   - in revision lines, `memory` and the props memoryId / relatedMemoryId that name a memory
 *     of the file.
 *   - on the agent line, the global workspace's focusId and focusSuppressed (a focus whose
 *     memory is not in the file is dropped with every focus property).
 * externalIds, concept names and every other property stay as they were. Ids that name
 * memories no longer in the graph (e.g. consolidation's `mergedIds`) are kept verbatim.
 */
export const EXPORT_FORMAT = 'limbic.agent-export';
export const EXPORT_VERSION = 1;
export const EXPORT_CONTENT_TYPE = 'application/x-ndjson';

export type ExportKind = 'agent' | 'goal' | 'concept' | 'memory' | 'revision' | 'edge';

/** An edge end as written in the file. */
export type FileEdgeEnd = { label: 'Agent' } | { label: 'Memory' | 'Goal'; id: string } | { label: 'Concept'; name: string };

export function agentLine(agent: PortableRecord): string {
  return line({ kind: 'agent', format: EXPORT_FORMAT, version: EXPORT_VERSION, props: agent.props, types: agent.types });
}

export function nodeLine(kind: 'goal' | 'concept' | 'memory', record: PortableRecord): string {
  return line({ kind, props: record.props, types: record.types });
}

export function revisionLine(revision: PortableRecord & { holder: string }): string {
  return line({ kind: 'revision', memory: revision.holder, props: revision.props, types: revision.types });
}

export function edgeLine(edge: PortableRecord & { type: string; from: EdgeEnd; to: EdgeEnd }): string {
  return line({ kind: 'edge', type: edge.type, from: toFileEnd(edge.from), to: toFileEnd(edge.to), props: edge.props, types: edge.types });
}

export function toFileEnd(end: EdgeEnd): FileEdgeEnd {
  switch (end.label) {
    case 'Agent':
      return { label: 'Agent' };
    case 'Memory':
    case 'Goal':
      return { label: end.label, id: end.key ?? '' };
    case 'Concept':
      return { label: 'Concept', name: end.key ?? '' };
  }
}

function line(record: Record<string, unknown>): string {
  return `${canonicalJson(record)}\n`;
}
