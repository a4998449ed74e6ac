import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { presetOf } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { AgentRepository, decodeAgentState, EncodeTx, lockAgent, Neo4jExecutor, saveAgentState, type MemoryRecord } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { badInput } from '../common/api-error';
import { requireCallerId } from '../common/validate';
import type { EncodeInput } from './dto/memory.types';
import { validateEncode, type ValidEncode } from './encode-input.validator';
import { planEncoding, type PreparedItem } from './encoding/encode-plan';

/** Existing memories considered as link candidates for each new one (DESIGN §5 keeps ≤ 5). */
const NEIGHBOURS = 10;
/**
 * Exact neighbour search costs (new items × stored memories) similarity computations in
 * Cypher (≈ 40 µs each on this hardware); past this budget the vector index (over-fetched,
 * filtered to the agent) is used. Measured with bench/encode.
 */
const EXACT_NEIGHBOUR_BUDGET = 500;

export interface EncodeOutcome {
  readonly memory: MemoryRecord;
  readonly created: boolean;
}

@Injectable()
export class EncodeService {
  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly db: Neo4jExecutor,
    private readonly agents: AgentRepository,
    private readonly jobs: JobProducer,
  ) {}

  async encode(tenantId: string, input: EncodeInput): Promise<MemoryRecord> {
    const valid = validateEncode(input, this.config.limits, Date.now());
    const [outcome] = await this.write(tenantId, valid.agentId, [valid]);
    if (!outcome) throw new Error('encode produced no memory');
    return outcome.memory;
  }

  /** Up to LIMBIC_MAX_BATCH_ITEMS items: one embedding call, one transaction, UNWIND writes. */
  async encodeBatch(tenantId: string, agentId: string, items: readonly EncodeInput[]): Promise<EncodeOutcome[]> {
    requireCallerId('agentId', agentId);
    const max = this.config.limits.maxBatchItems;
    if (items.length === 0) throw badInput('items', 'must not be empty');
    if (items.length > max) throw badInput('items', `at most ${max} items per batch`);
    const now = Date.now();
    const valid = items.map((item, i) => {
      if (item.agentId !== undefined && item.agentId !== null && item.agentId !== agentId) {
        throw badInput(`items[${i}].agentId`, 'must be omitted or equal the batch agentId');
      }
      return validateEncode({ ...item, agentId }, this.config.limits, now, `items[${i}].`);
    });
    return this.write(tenantId, agentId, valid);
  }

  /**
   * Fast path: embed, then one transaction under the agent's lock: idempotency check,
   * neighbours, planning (pure), writes. Appraisal jobs are enqueued after commit; if Redis
   * is down the memories stay `pendingAppraisal` and the worker's sweep picks them up.
   */
  private async write(tenantId: string, agentId: string, valid: readonly ValidEncode[]): Promise<EncodeOutcome[]> {
    if (!(await this.agents.get(tenantId, agentId))) throw badInput('agentId', `unknown agent ${agentId}`);
    const embeddings = await this.embedder.embed(valid.map((v) => v.content));
    const prepared: PreparedItem[] = valid.map((v, i) => ({
      key: String(i),
      id: randomUUID(),
      externalId: v.externalId,
      content: v.content,
      embedding: embeddings[i] ?? [],
      occurredAt: v.occurredAt,
      affect: v.affect,
      importance: v.importance,
      tags: v.tags,
    }));

    const outcomes = await this.db.writeTx('encode', async (runner) => {
      const agent = await lockAgent(runner, tenantId, agentId);
      if (!agent) throw badInput('agentId', `unknown agent ${agentId}`);
      const tx = new EncodeTx(runner, tenantId, agentId);
      const now = Date.now();

      // Idempotency: stored keys return the stored memory; a key repeated in the batch
      // resolves to its first occurrence.
      const existing = new Map((await tx.existingByExternalId(unique(prepared.map((p) => p.externalId)))).map((m) => [m.externalId, m]));
      const firstByKey = new Map<string, PreparedItem>();
      const fresh = prepared.filter((p) => {
        if (p.externalId === null) return true;
        if (existing.has(p.externalId) || firstByKey.has(p.externalId)) return false;
        firstByKey.set(p.externalId, p);
        return true;
      });

      let created: MemoryRecord[] = [];
      if (fresh.length > 0) {
        const exact = (await tx.countMemories()) * fresh.length <= EXACT_NEIGHBOUR_BUDGET;
        const neighbours = await tx.neighbours(fresh.map((p) => ({ key: p.key, embedding: p.embedding })), NEIGHBOURS, exact);
        const times = fresh.map((p) => p.occurredAt);
        const chainWindow = await tx.chainWindow(Math.min(...times), Math.max(...times));
        const plan = planEncoding({
          items: fresh,
          state: decodeAgentState(agent),
          moodInertia: presetOf(agent.preset).moodInertia,
          neighbours,
          chainWindow,
          now,
        });
        created = await tx.createMemories(plan.memories, now);
        await tx.unchain(plan.unchain);
        await tx.link(plan.links, now);
        await saveAgentState(runner, tenantId, agentId, plan.state);
      }
      const byId = new Map(created.map((m) => [m.id, m]));
      return prepared.map((p): EncodeOutcome => {
        const own = byId.get(p.id);
        if (own) return { memory: own, created: true };
        const stored = p.externalId === null ? undefined : (existing.get(p.externalId) ?? byId.get(firstByKey.get(p.externalId)?.id ?? ''));
        if (!stored) throw new Error(`memory for item ${p.key} was neither created nor found`);
        return { memory: stored, created: false };
      });
    });

    for (const o of outcomes) {
      if (o.created) await this.jobs.enqueueAppraisal({ tenantId, agentId, memoryId: o.memory.id });
    }
    return outcomes;
  }
}

function unique(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}
