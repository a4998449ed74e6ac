import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { estimateImportance } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { AgentRepository, MemoryRepository, type MemoryRecord } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { badInput } from '../common/api-error';
import type { EncodeInput } from './dto/memory.types';
import { validateEncode } from './encode-input.validator';

/** Neutral affect used until the slow path appraises a memory encoded without one. */
const NEUTRAL = { valence: 0, arousal: 0.3, dominance: 0.5 } as const;

@Injectable()
export class EncodeService {
  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly agents: AgentRepository,
    private readonly memories: MemoryRepository,
    private readonly jobs: JobProducer,
  ) {}

  /**
   * Fast path: validate, embed, write in one transaction, then enqueue the appraisal. If
   * Redis is down the memory is still stored, flagged `pendingAppraisal`, and swept later.
   */
  async encode(tenantId: string, input: EncodeInput): Promise<MemoryRecord> {
    const now = Date.now();
    const valid = validateEncode(input, this.config.limits, now);
    // Checked before embedding so an unknown agent costs nothing; the write re-checks it.
    if (!(await this.agents.get(tenantId, valid.agentId))) throw badInput('agentId', `unknown agent ${valid.agentId}`);
    const [embedding] = await this.embedder.embed([valid.content]);
    if (!embedding) throw new Error('embedder returned no vector');
    const affect = valid.affect ?? NEUTRAL;
    const result = await this.memories.create({
      id: randomUUID(),
      tenantId,
      agentId: valid.agentId,
      externalId: valid.externalId,
      content: valid.content,
      embedding,
      occurredAt: valid.occurredAt,
      now,
      ...affect,
      importance: valid.importance ?? estimateImportance(valid.content),
      tags: valid.tags,
    });
    if (!result) throw badInput('agentId', `unknown agent ${valid.agentId}`);
    if (result.created) {
      await this.jobs.enqueueAppraisal({ tenantId, agentId: valid.agentId, memoryId: result.memory.id });
    }
    return result.memory;
  }
}
