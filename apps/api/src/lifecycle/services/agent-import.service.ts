import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { AgentImportRepository, AgentRepository, GraphError, type ImportCounts, type ImportNode } from '@limbic/graph';
import { requireCallerId } from '../../common/validate';
import { agentExists } from '../exceptions/lifecycle.errors';
import { LIFECYCLE_LIMITS, type LifecycleLimits } from '../lifecycle.limits';
import { parseExport } from '../utils/export-parser';
import { orderedIds } from '../utils/ordered-ids';
import { workspaceFollowingIds } from '../utils/workspace-ids';

export interface ImportSummary extends ImportCounts {
  readonly agentId: string;
}

/**
 * Restores an export into a NEW agent: every line validated first, then one transaction.
 * Memories and goals get fresh ids (two imports of one file never collide); edges follow
 * them; externalIds, contents, embeddings, affect, timestamps and every other property are
 * kept as exported, pendingAppraisal included — no appraisal job is enqueued.
 */
@Injectable()
export class AgentImportService {
  constructor(
    private readonly imports: AgentImportRepository,
    private readonly agents: AgentRepository,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(LIFECYCLE_LIMITS) private readonly limits: LifecycleLimits,
  ) {}

  async import(tenantId: string, agentId: string, body: string): Promise<ImportSummary> {
    requireCallerId('id', agentId);
    const parsed = parseExport(body, {
      embeddingDimension: this.embedder.dimension,
      maxContentBytes: this.limits.maxContentBytes,
      maxMemories: this.limits.maxImportMemories,
    });
    if (await this.agents.exists(tenantId, agentId)) throw agentExists(agentId);

    // New memory ids are minted in (occurredAt, exported id) order and sort the same way, so
    // the imported agent exports its memories (and edges) in the order the file had them.
    const memories = [...parsed.memories].sort((a, b) => a.occurredAtMs - b.occurredAtMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const ids = orderedIds(memories.length, Date.now());
    const renamed = (node: ImportNode, id: string): ImportNode => ({ ...node, props: { ...node.props, id } });
    const renewed = memories.map((m, i) => renamed(m, ids[i] ?? randomUUID()));
    // Revisions name memories by id: those of the file follow them; merged-away ids stay as exported.
    const newId = new Map(memories.map((m, i) => [m.key, String(renewed[i]?.props.id)]));
    const follow = (value: unknown) => (typeof value === 'string' ? (newId.get(value) ?? value) : undefined);
    const graph = {
      agent: workspaceFollowingIds(parsed.agent, (id) => newId.get(id)),
      goals: parsed.goals.map((g) => renamed(g, randomUUID())),
      concepts: parsed.concepts,
      memories: renewed,
      revisions: parsed.revisions.map((r) => {
        const related = follow(r.props.relatedMemoryId);
        return { ...r, props: { ...r.props, memoryId: follow(r.props.memoryId) ?? '', ...(related === undefined ? {} : { relatedMemoryId: related }) } };
      }),
      edges: parsed.edges,
    };
    try {
      const counts = await this.imports.importAgent(tenantId, agentId, graph, this.limits.importBatchSize);
      return { agentId, ...counts };
    } catch (err) {
      // The agent id was taken between the check and the write: the constraint refused it all.
      if (err instanceof GraphError && err.kind === 'conflict') throw agentExists(agentId);
      throw err;
    }
  }
}
