import { Injectable } from '@nestjs/common';
import type { MemoryRecord } from '../model';
import { Neo4jExecutor } from '../neo4j-executor';
import { parseMemory } from '../record-parsers';

@Injectable()
export class MemoryRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  async get(tenantId: string, memoryId: string): Promise<MemoryRecord | null> {
    const rows = await this.db.read<{ memory: unknown }>('memory.get', { tenantId, memoryId });
    return rows[0] ? parseMemory(rows[0].memory) : null;
  }
}
