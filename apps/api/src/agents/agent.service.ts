import { Injectable } from '@nestjs/common';
import { AgentRepository, type AgentRecord } from '@limbic/graph';
import { notFound } from '../common/api-error';
import { requireCallerId } from '../common/validate';
import type { AgentPreset } from './dto/agent.types';

@Injectable()
export class AgentService {
  constructor(private readonly agents: AgentRepository) {}

  async create(tenantId: string, id: string, preset: AgentPreset): Promise<AgentRecord> {
    requireCallerId('id', id);
    return (await this.agents.create(tenantId, id, preset, Date.now())).agent;
  }

  async get(tenantId: string, id: string): Promise<AgentRecord> {
    requireCallerId('id', id);
    const agent = await this.agents.get(tenantId, id);
    if (!agent) throw notFound(`agent ${id}`);
    return agent;
  }
}
