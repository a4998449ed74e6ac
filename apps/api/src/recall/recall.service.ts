import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { AgentRepository, type MemoryRecord } from '@limbic/graph';
import { badInput } from '../common/api-error';
import { requireCallerId, requireDate, requireInt, requireText } from '../common/validate';
import type { RecallInput } from './dto/recall.types';
import { VectorSeedsService } from './vector-seeds.service';

export interface RecallOutcome {
  readonly recallId: string;
  readonly items: readonly { memory: MemoryRecord; score: number; rank: number }[];
  readonly tookMs: number;
}

/** Read-only: a recall writes nothing, so it can be served from a read replica. */
@Injectable()
export class RecallService {
  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly agents: AgentRepository,
    private readonly seeds: VectorSeedsService,
  ) {}

  async recall(tenantId: string, input: RecallInput): Promise<RecallOutcome> {
    const started = performance.now();
    const agentId = requireCallerId('agentId', input.agentId);
    const query = requireText('query', input.query, this.config.limits.maxContentBytes);
    const topK = requireInt('topK', input.topK ?? 10, 1, this.config.limits.maxTopK);
    requireDate('now', input.now, Date.now());
    if (!(await this.agents.get(tenantId, agentId))) throw badInput('agentId', `unknown agent ${agentId}`);

    const [embedding] = await this.embedder.embed([query]);
    if (!embedding) throw new Error('embedder returned no vector');
    const found = await this.seeds.nearest(tenantId, agentId, embedding, topK);
    return {
      recallId: randomUUID(),
      items: found.map((f, i) => ({ memory: f.memory, score: Math.max(0, f.cosine), rank: i + 1 })),
      tookMs: performance.now() - started,
    };
  }
}
