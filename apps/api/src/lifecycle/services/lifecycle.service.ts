import { Injectable } from '@nestjs/common';
import { AgentRepository } from '@limbic/graph';
import { notFound } from '../../common/api-error';
import { requireCallerId } from '../../common/validate';
import { EXPORT_CONTENT_TYPE } from '../utils/export-format';

/**
 * GraphQL's view of export and import: a link to the streaming REST routes. An export can
 * be hundreds of megabytes of embeddings; a GraphQL string would have to be built whole.
 */
@Injectable()
export class LifecycleService {
  constructor(private readonly agents: AgentRepository) {}

  async exportLink(tenantId: string, agentId: string): Promise<{ agentId: string; path: string; contentType: string; importPathTemplate: string }> {
    requireCallerId('id', agentId);
    if (!(await this.agents.exists(tenantId, agentId))) throw notFound(`agent ${agentId}`);
    return {
      agentId,
      path: `/agents/${encodeURIComponent(agentId)}/export`,
      contentType: EXPORT_CONTENT_TYPE,
      importPathTemplate: '/agents/{newAgentId}/import',
    };
  }
}
