import { Injectable } from '@nestjs/common';
import { Neo4jExecutor } from '../../neo4j-executor';

export interface DeletedCounts {
  readonly memories: number;
  readonly goals: number;
  readonly concepts: number;
  readonly nodes: number;
  readonly edges: number;
}

/**
 * deleteAgent's steps, each its own short transaction: an agent's graph can be far larger
 * than one transaction should hold, so the caller repeats a batch until none is left.
 */
@Injectable()
export class AgentDeletionRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /** One batch of the agent's memories (with their edges); 0 nodes means none are left. */
  async deleteMemoryBatch(tenantId: string, agentId: string, batchSize: number): Promise<DeletedCounts> {
    const rows = await this.db.write<{ nodes: number; edges: number }>('lifecycle.delete-memories-batch', { tenantId, agentId, batchSize });
    const nodes = rows[0]?.nodes ?? 0;
    return { memories: nodes, goals: 0, concepts: 0, nodes, edges: rows[0]?.edges ?? 0 };
  }

  /** One batch of any node carrying the agent's tenantId + agentId. */
  async deleteOwnedBatch(tenantId: string, agentId: string, batchSize: number): Promise<DeletedCounts> {
    const rows = await this.db.write<DeletedCounts>('lifecycle.delete-owned-batch', { tenantId, agentId, batchSize });
    const r = rows[0];
    return { memories: r?.memories ?? 0, goals: r?.goals ?? 0, concepts: r?.concepts ?? 0, nodes: r?.nodes ?? 0, edges: r?.edges ?? 0 };
  }

  /** The agent node and its remaining edges; nodes is 0 when it did not exist. */
  async deleteAgentNode(tenantId: string, agentId: string): Promise<{ nodes: number; edges: number }> {
    const rows = await this.db.write<{ nodes: number; edges: number }>('lifecycle.delete-agent-node', { tenantId, agentId });
    return { nodes: rows[0]?.nodes ?? 0, edges: rows[0]?.edges ?? 0 };
  }
}
