import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AgentRecord } from '../model';
import { Neo4jExecutor } from '../neo4j-executor';
import { parseAgent } from '../record-parsers';

@Injectable()
export class AgentRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  async create(tenantId: string, agentId: string, preset: string, now: number): Promise<{ agent: AgentRecord; created: boolean }> {
    const rows = await this.db.write<{ agent: unknown; created: boolean }>('agent.create', {
      tenantId,
      agentId,
      preset,
      now,
      creationToken: randomUUID(),
    });
    const row = rows[0];
    if (!row) throw new Error('agent.create returned no row');
    return { agent: parseAgent(row.agent), created: row.created };
  }

  async get(tenantId: string, agentId: string): Promise<AgentRecord | null> {
    const rows = await this.db.read<{ agent: unknown }>('agent.get', { tenantId, agentId });
    return rows[0] ? parseAgent(rows[0].agent) : null;
  }
}
