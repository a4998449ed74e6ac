import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { lexiconDelta, presetOf } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { adjustLexicon, decodeAgentState, EncodeTx, lockAgent, Neo4jExecutor, saveAgentState, type LinkNeighbour, type MemoryRecord, type NeighbourLookup } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { linkCacheLookups } from '@limbic/observability';
import { badInput } from '../common/api-error';
import { requireCallerId } from '../common/validate';
import type { EncodeInput } from './dto/memory.types';
import { validateEncode, type ValidEncode } from './encode-input.validator';
import { linkCandidates, type AgentEmbeddings } from './encoding/agent-embeddings';
import { planEncoding, prepareBatch, type PreparedItem } from './encoding/encode-plan';
import { LinkCache } from './encoding/link-cache';
import { nextLinkCopy, type LinkCacheUpdate } from './encoding/next-link-copy';

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
    private readonly jobs: JobProducer,
    private readonly linkCache: LinkCache,
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
   * Fast path: embed, then one transaction under the agent's lock (which also rejects an
   * unknown agent): idempotency check, neighbours, planning (pure), writes. Appraisal jobs are
   * enqueued after commit, without waiting for Redis; if the add fails the memories stay
   * `pendingAppraisal` and the worker's sweep picks them up. The neighbours of a small
   * agent's new memories come from this process's copy of its embeddings when the agent's
   * linkEpoch says it is current.
   */
  private async write(tenantId: string, agentId: string, valid: readonly ValidEncode[]): Promise<EncodeOutcome[]> {
    // No separate existence check before embedding: the lock below finds an unknown agent,
    // and a read transaction of its own cost every encode a round trip (≈ 3 ms of ≈ 30).
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

    const times = prepared.map((p) => p.occurredAt);
    // The cached copy of the agent's embeddings ranks candidates before the transaction, so
    // that the database scores those few instead of scanning the agent (encode.neighbours).
    const copy = this.linkCache.get(tenantId, agentId);
    const fill = this.linkCache.enabled && (copy !== null || this.linkCache.admits(tenantId, agentId));
    const lookups = neighbourLookups(prepared, copy);
    const linkEpoch = randomUUID();
    const done = await this.db.writeTx('encode', async (runner): Promise<{ outcomes: EncodeOutcome[]; cacheUpdate: LinkCacheUpdate | null } | null> => {
      const tx = new EncodeTx(runner, tenantId, agentId);
      const now = Date.now();
      // Queries that do not depend on each other's answers are sent together: the driver
      // pipelines them in this transaction and Neo4j runs them in order, so the lock is
      // taken first and the rest read under it, in one round trip instead of four. The
      // window spans every item; one replayed from an idempotency key only widens it, which
      // the chain planner tolerates (old neighbours with nothing new between stay linked).
      // The neighbour lookup decides between exact scan and vector index itself, from the
      // agent's size, so it need not wait for a count.
      const [agent, stored, first, chainWindow] = await Promise.all([
        lockAgent(runner, tenantId, agentId),
        tx.existingByExternalId(unique(prepared.map((p) => p.externalId))),
        tx.neighbours(lookups, NEIGHBOURS, EXACT_NEIGHBOUR_BUDGET, copy),
        tx.chainWindow(Math.min(...times), Math.max(...times)),
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
      let cacheUpdate: LinkCacheUpdate | null = null;
      if (fresh.length > 0) {
        // When replayed keys shrank the batch back under the budget (which the pipelined
        // lookup could not know), the exact scan is still owed; an index answer covers every
        // item, replayed ones are simply unused. The second lookup is the longest wait of a
        // batch, so the database-free part of the plan is computed meanwhile.
        const lookup = async (): Promise<ReadonlyMap<string, readonly LinkNeighbour[]>> => {
          if (first.exact || first.stored * fresh.length > EXACT_NEIGHBOUR_BUDGET) return first.neighbours;
          return (await tx.neighbours(fresh.map(lookupKey), NEIGHBOURS, EXACT_NEIGHBOUR_BUDGET)).neighbours;
        };
        const [neighbours, batch] = await Promise.all([lookup(), afterPendingIo(() => prepareBatch(fresh))]);
        const plan = planEncoding({
          batch,
          state: decodeAgentState(agent),
          moodInertia: presetOf(agent.preset).moodInertia,
          neighbours,
          chainWindow,
          now,
        });
        // A stale or missing copy of a small agent is refilled by the last query, which sees
        // the agent as this transaction leaves it; only memories new to the copy cost transfer.
        const storedAfter = first.stored + plan.memories.length;
        const refill = fill && !first.fresh && storedAfter <= EXACT_NEIGHBOUR_BUDGET;
        const known = refill ? [...(copy?.ids ?? []), ...plan.memories.map((m) => m.id)] : [];
        // Writes pipelined like the reads above; they run in this order.
        const [memories, , , , , linkable] = await Promise.all([
          tx.createMemories(plan.memories, now, linkEpoch),
          tx.unchain(plan.unchain),
          tx.link(plan.links, now),
          saveAgentState(runner, tenantId, agentId, plan.state),
          adjustLexicon(runner, tenantId, agentId, lexiconDelta(plan.memories.map((m) => m.content))),
          refill ? tx.linkable(known, EXACT_NEIGHBOUR_BUDGET) : Promise.resolve(null),
        ]);
        created = memories;
        cacheUpdate = { fresh: first.fresh, exact: first.exact, epoch: linkEpoch, stored: storedAfter, written: plan.memories, linkable };
      }
      const byId = new Map(created.map((m) => [m.id, m]));
      const outcomes = prepared.map((p): EncodeOutcome => {
        const own = byId.get(p.id);
        if (own) return { memory: own, created: true };
        const stored = p.externalId === null ? undefined : (existing.get(p.externalId) ?? byId.get(firstByKey.get(p.externalId)?.id ?? ''));
        if (!stored) throw new Error(`memory for item ${p.key} was neither created nor found`);
        return { memory: stored, created: false };
      });
      return { outcomes, cacheUpdate };
    });

    // Only now, after the commit: a copy must never describe writes that were rolled back.
    if (done === null) {
      this.linkCache.drop(tenantId, agentId);
      throw badInput('agentId', `unknown agent ${agentId}`);
    }
    const { outcomes, cacheUpdate } = done;
    if (cacheUpdate && this.linkCache.enabled) {
      if (cacheUpdate.exact) linkCacheLookups.inc({ result: cacheUpdate.fresh ? 'cached' : copy ? 'stale' : 'scan' });
      this.linkCache.put(tenantId, agentId, nextLinkCopy(copy, cacheUpdate, EXACT_NEIGHBOUR_BUDGET));
    }
    // After the commit, so that no job can run before its memory is visible; not awaited (the
    // answer does not depend on it, the sweep covers a lost add).
    await this.jobs.enqueueAppraisalsInBackground(outcomes.filter((o) => o.created).map((o) => ({ tenantId, agentId, memoryId: o.memory.id })));
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

function lookupKey(p: PreparedItem): NeighbourLookup {
  return { key: p.key, embedding: p.embedding };
}

/** Candidates from the copy only where the scan would run (count × items within the budget). */
function neighbourLookups(prepared: readonly PreparedItem[], copy: AgentEmbeddings | null): NeighbourLookup[] {
  if (!copy || copy.stored * prepared.length > EXACT_NEIGHBOUR_BUDGET) return prepared.map(lookupKey);
  return prepared.map((p) => ({ ...lookupKey(p), candidates: linkCandidates(copy, p.embedding, NEIGHBOURS) }));
}

function unique(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}
