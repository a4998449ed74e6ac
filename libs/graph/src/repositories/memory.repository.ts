import { Injectable } from '@nestjs/common';
import type { MemoryRecord } from '../model';
import { Neo4jExecutor } from '../neo4j-executor';
import { parseMemory } from '../record-parsers';

export interface ScoredMemory {
  readonly memory: MemoryRecord;
  /** Cosine similarity in [−1, 1]. */
  readonly cosine: number;
}

@Injectable()
export class MemoryRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  async get(tenantId: string, memoryId: string): Promise<MemoryRecord | null> {
    const rows = await this.db.read<{ memory: unknown }>('memory.get', { tenantId, memoryId });
    return rows[0] ? parseMemory(rows[0].memory) : null;
  }

  async countForAgent(tenantId: string, agentId: string): Promise<number> {
    const rows = await this.db.read<{ count: number }>('memory.count-for-agent', { tenantId, agentId });
    return rows[0]?.count ?? 0;
  }

  async nearestExact(tenantId: string, agentId: string, embedding: readonly number[], limit: number): Promise<ScoredMemory[]> {
    const rows = await this.db.read<{ memory: unknown; score: number }>('recall.vector-exact', { tenantId, agentId, embedding, limit });
    return rows.map(toScored);
  }

  async nearestFromIndex(
    tenantId: string,
    agentId: string,
    embedding: readonly number[],
    limit: number,
    fetch: number,
  ): Promise<ScoredMemory[]> {
    const rows = await this.db.read<{ memory: unknown; score: number }>('recall.vector-index', {
      tenantId,
      agentId,
      embedding,
      limit,
      fetch,
    });
    return rows.map(toScored);
  }
}

/** Neo4j reports cosine as (1 + cos) / 2; the service works with plain cosine. */
function toScored(row: { memory: unknown; score: number }): ScoredMemory {
  return { memory: parseMemory(row.memory), cosine: 2 * row.score - 1 };
}
