import { Inject, Injectable } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import {
  adjustLexicon,
  AgentVectorSearch,
  appendRevisions,
  EncodeUnit,
  lockAgent,
  MemoryRepository,
  MemoryUpdateUnit,
  Neo4jExecutor,
  RevisionRepository,
  type MemoryRecord,
  type TxRunner,
} from '@limbic/graph';
import { ApiError, notFound } from '../common/api-error';
import type { MemoryPatchInput } from './dto/memory-update.types';
import { validatePatch, type ValidPatch } from './memory-patch.validator';
import { planRelinks, planUpdate } from './updating/update-plan';

/** Existing memories considered as link candidates, as at encoding (DESIGN §5 keeps ≤ 5). */
const NEIGHBOURS = 10;
const MAX_ID_CHARS = 128;

/**
 * updateMemory: a user corrects what a memory holds. One write transaction under the agent's
 * lock (the order encode takes locks in) re-reads the memory, diffs the patch against it, and
 * writes the change, its links, term statistics, concepts and revision together; concurrent
 * updates of one memory queue on that lock, so each diffs against the one before and no
 * revision is lost. A patch that changes nothing writes nothing.
 */
@Injectable()
export class MemoryUpdateService {
  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly db: Neo4jExecutor,
    private readonly vectors: AgentVectorSearch,
    private readonly memories: MemoryRepository,
    private readonly revisions: RevisionRepository,
  ) {}

  async update(tenantId: string, memoryId: string, input: MemoryPatchInput | null | undefined): Promise<MemoryRecord> {
    const patch = validatePatch(input, this.config.limits);
    const current = memoryId.length > 0 && memoryId.length <= MAX_ID_CHARS ? await this.memories.get(tenantId, memoryId) : null;
    if (!current) throw await this.missing(tenantId, memoryId);
    // Embedded before the lock, as encode does; redone inside only if the text changed meanwhile.
    const embedding = patch.content !== undefined && patch.content !== current.content ? await this.embed(patch.content) : null;
    const updated = await this.db.writeTx('memory.update', (tx) => this.updateLocked(tx, tenantId, current.agentId, memoryId, patch, embedding), tenantId);
    if (!updated) throw notFound(`memory ${memoryId}`);
    return updated;
  }

  /** The transaction body; it may run again on a transient error, so it keeps no state. */
  private async updateLocked(
    runner: TxRunner,
    tenantId: string,
    agentId: string,
    memoryId: string,
    patch: ValidPatch,
    embedded: { text: string; vector: readonly number[] } | null,
  ): Promise<MemoryRecord | null> {
    if (!(await lockAgent(runner, tenantId, agentId))) return null;
    const unit = new MemoryUpdateUnit(runner, tenantId, agentId);
    const stored = await unit.load(memoryId);
    if (!stored) return null;
    const plan = planUpdate(stored, patch);
    if (plan.diff.fields.length === 0) return stored.memory;

    const now = Date.now();
    const vector = plan.contentChanged ? (embedded?.text === plan.next.content ? embedded : await this.embed(plan.next.content)).vector : null;
    if (plan.relink) {
      const neighbours = await unit.neighbours(this.vectors, memoryId, vector, NEIGHBOURS);
      await unit.unlink(memoryId);
      await new EncodeUnit(runner, tenantId, agentId).link(planRelinks(memoryId, stored.memory.occurredAt, plan.next, neighbours, stored.chained), now);
    }
    if (plan.lexicon) await adjustLexicon(runner, tenantId, agentId, plan.lexicon);
    const updated = await unit.apply(memoryId, { set: plan.set, vector: vector ? { embedding: vector, model: this.embedder.name } : null, concepts: plan.concepts }, now);
    await appendRevisions(runner, tenantId, [{ holderId: memoryId, memoryId, kind: 'UPDATE', relatedMemoryId: null, ...plan.diff }], now);
    return updated;
  }

  private async embed(text: string): Promise<{ text: string; vector: readonly number[] }> {
    const [vector] = await this.embedder.embed([text]);
    if (!vector) throw new Error('the embedder returned no vector');
    return { text, vector };
  }

  /** NOT_FOUND; for a merged id it names the memory to update instead. */
  private async missing(tenantId: string, memoryId: string): Promise<ApiError> {
    const shown = memoryId.slice(0, MAX_ID_CHARS);
    const survivor = memoryId.length > 0 && memoryId.length <= MAX_ID_CHARS ? await this.revisions.mergedInto(tenantId, memoryId) : null;
    return survivor ? new ApiError('NOT_FOUND', `memory ${shown} was merged into ${survivor.id}; update that memory`) : notFound(`memory ${shown}`);
  }
}
