import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { lexiconDelta, presetOf, primeConcepts } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import {
  adjustLexicon,
  AgentVectorSearch,
  decodeAgentState,
  EncodeUnit,
  lockAgent,
  Neo4jExecutor,
  readPrimed,
  saveAgentState,
  savePrimed,
  StateHistoryRepository,
  storeMetadata,
  TenantBookmarks,
  type MemoryRecord,
} from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { ApiError, badInput } from '../common/api-error';
import { withRetryAfter } from '../common/retry-after';
import { requireCallerId } from '../common/validate';
import type { EncodeInput } from './dto/memory.types';
import { validateEncode, type ValidEncode } from './encode-input.validator';
import { SpreadGraphCache } from '../recall/services/spread-graph-cache.service';
import type { EncodeGraphChange } from '../recall/services/held-graph';
import { AgentWriteCombiner, type WriteGroup } from './encoding/agent-write-combiner';
import { planEncoding, prepareBatch, type PreparedItem } from './encoding/encode-plan';

/** Existing memories considered as link candidates for each new one (DESIGN §5 keeps ≤ 5). */
const NEIGHBOURS = 10;

export interface EncodeOutcome {
  readonly memory: MemoryRecord;
  readonly created: boolean;
}

/** A validated item with its embedding, waiting for its agent's next write. */
interface EmbeddedItem {
  readonly valid: ValidEncode;
  readonly embedding: readonly number[];
}

/** Items waiting for one agent's write, beyond which an encode is refused as overload. */
const MAX_QUEUED_PER_AGENT = 5000;

@Injectable()
export class EncodeService {
  private readonly combiner: AgentWriteCombiner<EmbeddedItem, EncodeOutcome>;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly db: Neo4jExecutor,
    private readonly jobs: JobProducer,
    private readonly vectors: AgentVectorSearch,
    private readonly history: StateHistoryRepository,
    private readonly bookmarks: TenantBookmarks,
    private readonly spreadGraphs: SpreadGraphCache,
  ) {
    this.combiner = new AgentWriteCombiner(
      config.limits.maxBatchItems,
      Math.max(MAX_QUEUED_PER_AGENT, config.limits.maxBatchItems),
      (queued) => withRetryAfter(new ApiError('UNAVAILABLE', `too many writes waiting for this agent (${queued}); retry shortly`), 1000),
    );
  }

  async encode(tenantId: string, input: EncodeInput): Promise<MemoryRecord> {
    const valid = validateEncode(input, this.config.limits, Date.now());
    const [outcome] = await this.write(tenantId, valid.agentId, [valid]);
    if (!outcome) throw new Error('encode produced no memory');
    return outcome.memory;
  }

  /** Up to LIMBIC_MAX_BATCH_ITEMS items: one embedding call, one transaction, UNWIND writes. */
  async encodeBatch(tenantId: string, agentId: string, items: readonly EncodeInput[], batchNow?: Date | null): Promise<EncodeOutcome[]> {
    requireCallerId('agentId', agentId);
    const max = this.config.limits.maxBatchItems;
    if (items.length === 0) throw badInput('items', 'must not be empty');
    if (items.length > max) throw badInput('items', `at most ${max} items per batch`);
    const now = Date.now();
    const valid = items.map((item, i) => {
      if (item.agentId !== undefined && item.agentId !== null && item.agentId !== agentId) {
        throw badInput(`items[${i}].agentId`, 'must be omitted or equal the batch agentId');
      }
      if (item.now !== undefined && item.now !== null) throw badInput(`items[${i}].now`, 'give the batch’s now instead');
      return validateEncode({ ...item, agentId, ...(batchNow ? { now: batchNow } : {}) }, this.config.limits, now, `items[${i}].`);
    });
    return this.write(tenantId, agentId, valid);
  }

  /**
   * Embeds the items, then hands them to the agent's write lane (AgentWriteCombiner): one
   * transaction at a time per agent in this process, with the calls that arrived meanwhile
   * written together in the next.
   */
  private async write(tenantId: string, agentId: string, valid: readonly ValidEncode[]): Promise<EncodeOutcome[]> {
    // Embedded before joining the lane, so that the lane holds only database work.
    const embeddings = await this.embedder.embed(valid.map((v) => v.content));
    const items = valid.map((v, i): EmbeddedItem => ({ valid: v, embedding: embeddings[i] ?? [] }));
    return this.combiner.submit(`${tenantId}\u0000${agentId}`, items, (group) => this.writeGroup(tenantId, agentId, group));
  }

  /**
   * Fast path: one transaction under the agent's lock (which also rejects an unknown agent):
   * idempotency check, neighbours, planning (pure), writes. Appraisal jobs are enqueued after
   * commit, without waiting for Redis; if the add fails the memories stay `pendingAppraisal`
   * and the worker's sweep picks them up.
   */
  private async writeGroup(tenantId: string, agentId: string, group: WriteGroup<EmbeddedItem>): Promise<EncodeOutcome[]> {
    // No separate existence check: the lock below finds an unknown agent, and a read
    // transaction of its own cost every encode a round trip (≈ 3 ms of ≈ 30).
    const prepared: PreparedItem[] = group.items.map(({ valid: v, embedding }, i) => ({
      key: String(i),
      id: randomUUID(),
      externalId: v.externalId,
      content: v.content,
      embedding,
      occurredAt: v.occurredAt,
      affect: v.affect,
      importance: v.importance,
      tags: v.tags,
      scope: v.scope,
      metadata: storeMetadata(v.metadata),
      speaker: v.speaker,
    }));

    const times = prepared.map((p) => p.occurredAt);
    let graphChange: EncodeGraphChange | null = null;
    const outcomes = await this.db.writeTx('encode', async (runner): Promise<EncodeOutcome[] | null> => {
      graphChange = null;
      const unit = new EncodeUnit(runner, tenantId, agentId);
      const now = callMoment(group.items) ?? Date.now();
      // Queries that do not depend on each other's answers are sent together: the driver
      // pipelines them in this transaction and Neo4j runs them in order, so the lock is
      // taken first and the rest read under it, in one round trip instead of four. The
      // window spans every item; one replayed from an idempotency key only widens it, which
      // the chain planner tolerates (old neighbours with nothing new between stay linked).
      // Each item's link candidates are the agent's own nearest memories (AgentVectorSearch);
      // a replayed item's are simply unused.
      // The batch's database-free preparation (≈ 0.2 s for 500 items) runs while they are
      // answered; it is redone only when replayed keys shrink the batch.
      const [agent, primed, stored, neighbours, chainWindow, whole] = await Promise.all([
        lockAgent(runner, tenantId, agentId),
        readPrimed(runner, tenantId, agentId),
        unit.existingByExternalId(unique(prepared.map((p) => p.externalId))),
        unit.neighbours(this.vectors, prepared, NEIGHBOURS),
        unit.chainWindow(Math.min(...times), Math.max(...times)),
        afterPendingIo(() => prepareBatch(prepared, this.embedder.cosineScale)),
      ]);
      // Thrown inside the transaction it would surface as a database error; said outside.
      if (!agent) return null;

      // Idempotency: stored keys return the stored memory; a key repeated in the batch
      // resolves to its first occurrence.
      const existing = new Map(stored.map((m) => [m.externalId, m]));
      const firstByKey = new Map<string, PreparedItem>();
      const fresh = prepared.filter((p) => {
        if (p.externalId === null) return true;
        if (existing.has(p.externalId) || firstByKey.has(p.externalId)) return false;
        firstByKey.set(p.externalId, p);
        return true;
      });

      let created: MemoryRecord[] = [];
      if (fresh.length > 0) {
        const plan = planEncoding({
          batch: fresh.length === prepared.length ? whole : prepareBatch(fresh, this.embedder.cosineScale),
          state: decodeAgentState(agent),
          preset: presetOf(agent.preset),
          neighbours,
          chainWindow,
          now,
          interactions: group.calls,
          timeZone: agent.timeZone,
        });
        // Writes pipelined like the reads above; they run in this order. The graph revision is
        // raised once for the whole encode, which hands its links to the held copy after commit.
        const changesGraph = plan.links.length > 0 || plan.unchain.length > 0;
        const [memories, rev] = await Promise.all([
          unit.createMemories(plan.memories, now, this.embedder.name),
          changesGraph ? unit.raiseGraphRev() : null,
          unit.unchain(plan.unchain),
          unit.link(plan.links, now),
          saveAgentState(runner, tenantId, agentId, plan.state),
          this.history.record(runner, tenantId, agentId, 'ENCODE'),
          // What the agent encodes is on its mind, as what it recalls is (DESIGN §4 priming).
          savePrimed(runner, tenantId, agentId, primeConcepts(primed, plan.primes, now)),
          adjustLexicon(runner, tenantId, agentId, lexiconDelta(plan.memories.map((m) => m.content))),
        ]);
        created = memories;
        if (rev !== null) {
          graphChange = { incarnation: rev.incarnation, fromRev: rev.graphRev - 1, toRev: rev.graphRev, created: memories.map((m) => m.id), links: plan.links, unchained: plan.unchain };
        }
      }
      const byId = new Map(created.map((m) => [m.id, m]));
      return prepared.map((p): EncodeOutcome => {
        const own = byId.get(p.id);
        if (own) return { memory: own, created: true };
        const stored = p.externalId === null ? undefined : (existing.get(p.externalId) ?? byId.get(firstByKey.get(p.externalId)?.id ?? ''));
        if (!stored) throw new Error(`memory for item ${p.key} was neither created nor found`);
        return { memory: stored, created: false };
      });
    }, tenantId);

    if (outcomes === null) throw badInput('agentId', `unknown agent ${agentId}`);
    if (graphChange !== null) this.spreadGraphs.applyEncode(tenantId, agentId, graphChange);
    // After the commit, so that no job can run before its memory is visible; not awaited (the
    // answer does not depend on it, the sweep covers a lost add). With the commit's bookmarks
    // (the tenant's latest here, which a combined write advanced whoever's call ran it): on a
    // cluster the worker's reads wait for them.
    const bookmarks = this.bookmarks.valuesOf(tenantId);
    await this.jobs.enqueueAppraisalsInBackground(outcomes.filter((o) => o.created).map((o) => ({ tenantId, agentId, memoryId: o.memory.id, bookmarks })));
    return outcomes;
  }
}

/**
 * Runs CPU-bound work after the event loop has had one turn, so that queries just handed to
 * the driver reach the socket first and the database works while this thread computes.
 */
function afterPendingIo<T>(work: () => T): Promise<T> {
  return new Promise((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(work());
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    }),
  );
}

/**
 * The replayed moment of the calls written together: the latest `now` they gave, or null when
 * none gave one (then it is the wall clock). Calls joined in one transaction share one moment.
 */
function callMoment(items: readonly EmbeddedItem[]): number | null {
  let latest: number | null = null;
  for (const { valid } of items) if (valid.now !== null && (latest === null || valid.now > latest)) latest = valid.now;
  return latest;
}

function unique(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}
