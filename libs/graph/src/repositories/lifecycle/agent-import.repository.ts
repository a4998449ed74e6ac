import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { lexiconDelta } from '@limbic/affect';
import { Neo4jExecutor, type TxRunner } from '../../neo4j-executor';
import { valenceBand } from '../../valence-band';
import { adjustLexicon } from '../lexicon.repository';
import { AGENT_INTERNAL, fromPortable } from './portable-codec';
import type { EdgeEnd, ImportCounts, ImportGraph, ImportNode, PortableLabel } from './portable-format';

/** Import writes in batches inside one transaction, so bad input or a failure leaves nothing behind. */
@Injectable()
export class AgentImportRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /**
   * Writes a whole validated export as a new agent in ONE transaction (batched statements), so
   * a failure anywhere leaves nothing. Throws GraphError 'conflict' if the agent id is taken.
   * Edges are attached through element ids, which are only meaningful inside this transaction.
   */
  importAgent(tenantId: string, agentId: string, graph: ImportGraph, batchSize: number): Promise<ImportCounts> {
    return this.db.writeTx('lifecycle.import', async (tx) => {
      const props = Object.fromEntries(Object.entries(fromPortable(graph.agent)).filter(([k]) => !AGENT_INTERNAL.has(k)));
      const agentRows = await tx.run<{ ref: string }>('lifecycle.import-agent', { tenantId, agentId, props, creationToken: randomUUID() });
      const agentRef = agentRows[0]?.ref;
      if (!agentRef) throw new Error('lifecycle.import-agent returned no row');
      const refs: Record<PortableLabel, Map<string, string>> = {
        Agent: new Map(),
        Goal: await createNodes(tx, 'lifecycle.import-goals', tenantId, agentId, graph.goals, batchSize),
        Concept: await createNodes(tx, 'lifecycle.import-concepts', tenantId, agentId, graph.concepts, batchSize),
        Memory: await createNodes(tx, 'lifecycle.import-memories', tenantId, agentId, graph.memories, batchSize),
      };
      let revisions = 0;
      for (let i = 0; i < graph.revisions.length; i += batchSize) {
        const rows = graph.revisions.slice(i, i + batchSize).map((r) => {
          const holder = refs.Memory.get(r.holder);
          if (!holder) throw new Error(`import revision holder ${r.holder} was not created`);
          return { holder, props: fromPortable(r) };
        });
        const done = await tx.run<{ revisions: number }>('lifecycle.import-revisions', { tenantId, agentId, rows });
        revisions += done[0]?.revisions ?? 0;
      }
      const contents = graph.memories.map((m) => m.props.content).filter((c): c is string => typeof c === 'string');
      await adjustLexicon(tx, tenantId, agentId, lexiconDelta(contents));
      const ref = (end: EdgeEnd): string => {
        const found = end.label === 'Agent' ? agentRef : refs[end.label].get(end.key ?? '');
        if (!found) throw new Error(`import edge end ${end.label} ${end.key ?? ''} was not created`);
        return found;
      };
      let edges = 0;
      for (let i = 0; i < graph.edges.length; i += batchSize) {
        const rows = graph.edges.slice(i, i + batchSize).map((e) => ({
          type: e.type,
          from: ref(e.from),
          to: ref(e.to),
          props: { ...fromPortable(e), tenantId, ...('agentId' in e.props ? { agentId } : {}) },
        }));
        const done = await tx.run<{ edges: number }>('lifecycle.import-edges', { tenantId, agentId, rows });
        edges += done[0]?.edges ?? 0;
      }
      return { goals: refs.Goal.size, concepts: refs.Concept.size, memories: refs.Memory.size, revisions, edges };
    }, tenantId);
  }
}

async function createNodes(
  tx: TxRunner,
  query: 'lifecycle.import-goals' | 'lifecycle.import-concepts' | 'lifecycle.import-memories',
  tenantId: string,
  agentId: string,
  nodes: readonly ImportNode[],
  batchSize: number,
): Promise<Map<string, string>> {
  const refs = new Map<string, string>();
  for (let i = 0; i < nodes.length; i += batchSize) {
    // valenceBand: read by the memories' query only (goals and concepts have no valence).
    const rows = nodes.slice(i, i + batchSize).map((n) => ({ key: n.key, props: fromPortable(n), valenceBand: valenceBand(typeof n.props.valence === 'number' ? n.props.valence : Number.NaN) }));
    for (const r of await tx.run<{ key: string; ref: string }>(query, { tenantId, agentId, rows })) refs.set(r.key, r.ref);
  }
  return refs;
}
