import { Inject, Injectable } from '@nestjs/common';
import { AgentDeletionRepository, AgentRepository, type DeletedCounts } from '@limbic/graph';
import { notFound } from '../../common/api-error';
import { SpreadGraphCache } from '../../recall/services/spread-graph-cache.service';
import { requireCallerId } from '../../common/validate';
import { LIFECYCLE_LIMITS, type LifecycleLimits } from '../lifecycle.limits';

export interface DeleteAgentSummary extends DeletedCounts {
  readonly agentId: string;
  readonly agentDeleted: boolean;
}

const NONE: DeletedCounts = { memories: 0, goals: 0, concepts: 0, nodes: 0, edges: 0 };

/**
 * Removes an agent and everything that carries its tenantId + agentId, in bounded batches (each
 * its own transaction, so an agent of any size never needs one huge transaction). The agent
 * node goes after its memories, and a last sweep follows it: an encode that raced the delete
 * either committed before (and is swept) or finds no agent (and writes nothing). Queued jobs
 * need no cleanup: every handler reloads its memory by id and skips when it is gone.
 * Re-running after a failure finishes the job.
 */
@Injectable()
export class DeleteAgentService {
  constructor(
    private readonly deletion: AgentDeletionRepository,
    private readonly agents: AgentRepository,
    @Inject(LIFECYCLE_LIMITS) private readonly limits: LifecycleLimits,
    private readonly spreadGraphs: SpreadGraphCache,
  ) {}

  async deleteAgent(tenantId: string, agentId: string): Promise<DeleteAgentSummary> {
    requireCallerId('id', agentId);
    const existed = await this.agents.exists(tenantId, agentId);
    let total = await this.drain(tenantId, agentId);
    const agent = await this.deletion.deleteAgentNode(tenantId, agentId);
    total = add(add(total, { ...NONE, nodes: agent.nodes, edges: agent.edges }), await this.drain(tenantId, agentId));
    // Its held graph can never serve again (a new agent of this id is another incarnation).
    this.spreadGraphs.forget(tenantId, agentId);
    // Another tenant's agent, or none: NOT_FOUND either way, and nothing was touched.
    if (!existed && total.nodes === 0) throw notFound(`agent ${agentId}`);
    return { agentId, agentDeleted: agent.nodes > 0, ...total };
  }

  private async drain(tenantId: string, agentId: string): Promise<DeletedCounts> {
    let total = NONE;
    const batch = this.limits.deleteBatchSize;
    for (let done = await this.deletion.deleteMemoryBatch(tenantId, agentId, batch); done.nodes > 0; ) {
      total = add(total, done);
      done = await this.deletion.deleteMemoryBatch(tenantId, agentId, batch);
    }
    for (let done = await this.deletion.deleteOwnedBatch(tenantId, agentId, batch); done.nodes > 0; ) {
      total = add(total, done);
      done = await this.deletion.deleteOwnedBatch(tenantId, agentId, batch);
    }
    return total;
  }
}

function add(a: DeletedCounts, b: DeletedCounts): DeletedCounts {
  return { memories: a.memories + b.memories, goals: a.goals + b.goals, concepts: a.concepts + b.concepts, nodes: a.nodes + b.nodes, edges: a.edges + b.edges };
}
