import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { cosineFromIndexScore, REFERENCE_COSINE_SCALE } from '@limbic/affect';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { vectorSearches } from '@limbic/observability';
import { SLOT_INDEX, type EmbeddingSlot } from './embedding-space/embedding-slot';
import { EmbeddingSpaces } from './embedding-space/embedding-spaces';
import type { TxRunner } from './neo4j-executor';
import { FILTER_TIME_MAX, FILTER_TIME_MIN, hasListConditions, isUnfiltered, NO_FILTER, type MemoryFilter } from './memory-filter';
import type { QueryName } from './query-names';
import { num, toPlain } from './records';
import { searchResident, type ResidentProbe } from './resident-vectors/resident-search';
import { ResidentVectors, type Residency, type ResidentCopy } from './resident-vectors/resident-vectors';

/** The vector index every agent-scoped search uses (cypher/schema/013): filtered by tenant, agent, archived, encodedAt, scope, occurredAt. */
export const AGENT_VECTOR_INDEX = SLOT_INDEX.embedding;

/**
 * chosen (bench/recall-filters): a search whose filter has tags or metadata asks the index for
 * this many hits per wanted one (at least FILTERED_FETCH_MIN), then checks them. When fewer
 * than k pass, the search cannot know what lies past its hits and an exact scan of the
 * filtered set answers instead.
 */
const FILTERED_FETCH_PER_RESULT = 4;
const FILTERED_FETCH_MIN = 200;

/**
 * The fewest candidates any index search asks for, however small its k; the best k of them are
 * kept. The index's candidate list is the SEARCH's LIMIT (`vector.default_search_expansion_factor`
 * 1), so novelty's k of 1 searched HNSW with a list of one and encode's links (k 10) with ten.
 * 30 is recall's smallest pool, so recall searches as before. On an agent of 100,000 memories
 * embedded by the local model (bench/vector-accuracy/README.md): exact nearest memory in 92 of
 * 100 probes at LIMIT 1, 100 of 100 at 30; exact top 10 99.3 % at LIMIT 10, 99.9 % at 30 (100 %
 * at 100, which cost recall ≈ 1 ms at that size and encodeBatch a third of its throughput).
 * Cost at 30: single encode none, encodeBatch ≈ 10–20 % (paired, encode/paired.ts).
 */
export const SEARCH_CANDIDATES_MIN = 30;

/**
 * An instant later than any memory's encodedAt: the `before` of a probe that wants every memory.
 * Year ≈ 2255, well inside Neo4j's DateTime range.
 */
export const NO_TIME_BOUND = 9_000_000_000_000;

/** A process that holds no copies: every agent is searched by the index. */
const NOT_RESIDENT: Residency = { large: false };

/** How often a process not yet sure the index is ONLINE asks again (ms). */
const STATE_RECHECK_MS = 1000;

/** What to search near: a vector, or a stored memory of the agent (its embedding stays in Neo4j). */
export type VectorProbe = ({ readonly embedding: readonly number[] } | { readonly memoryId: string }) & {
  /** Echoed back: the hits of this probe are found under it. */
  readonly key: string;
  /** Only memories encoded strictly before this instant (epoch ms); default: no bound. */
  readonly before?: number;
};

export interface AgentScope {
  readonly tenantId: string;
  readonly agentId: string;
}

export interface NearestOptions {
  /** Memories per probe, at most. */
  readonly k: number;
  /** Archived memories count too (novelty: the agent has seen them). Default false. */
  readonly withArchived?: boolean;
  /**
   * Also return each hit's recall candidate (its memory row, cosines to the agent's goals by
   * goal id, concepts), read in the same query: recall's seeds need no second read.
   */
  readonly recallRows?: boolean;
  /**
   * Only memories that pass this filter (recall's; memory-filter.ts). The answer is still the
   * true top k of the filtered set: scope and the time range are filtered inside the index, tags
   * and metadata after it with a proof of completeness (see nearestFiltered).
   */
  readonly filter?: MemoryFilter;
}

/** A hit's recall candidate as the query returns it; recall.repository parses it (parseCandidate). */
export interface RawCandidate {
  readonly row: unknown[];
  /** [{id, score}] per goal of the agent. */
  readonly goalScores: unknown;
  readonly concepts: unknown;
}

export interface NearestMemory {
  readonly id: string;
  /** Neo4j's cosine similarity, (1 + cos) / 2, in [0, 1]. */
  readonly score: number;
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  readonly occurredAt: number;
  readonly encodedAt: number;
  /** With NearestOptions.recallRows only. */
  readonly candidate?: RawCandidate;
}

/**
 * The one way Limbic finds an agent's nearest memories: recall seeds, link candidates at
 * encoding, novelty at appraisal and near-duplicates at review all ask it. One query
 * (vector.agent-nearest), a SEARCH filtered inside the index by tenant and agent, so every
 * answer is the agent's own top k whatever else the index holds: no over-fetch for other
 * agents, widening or per-agent hint. It is exact while the agent is small enough for the index
 * to check its whole filtered set. An agent of at least `LIMBIC_RESIDENT_VECTORS_MIN` memories,
 * where HNSW would only approximate its top k, is searched from the int8 codes this process holds
 * of it (resident-vectors: exact, filtered or not), and by an exact scan while those load.
 *
 * While the index is not ONLINE (the first start after the upgrade to schema 013, which
 * builds it in the background, or a rebuild) the same rows come from an exact scan of the
 * agent (vector.agent-nearest-exact), so every caller keeps working. Once this process has seen
 * it ONLINE it never asks again: an index does not go back to populating unless it is dropped.
 */
@Injectable()
export class AgentVectorSearch {
  private readonly log = new Logger('AgentVectorSearch');
  /** Per index (one per embedding slot): seen ONLINE, or when last asked. */
  private readonly online = new Set<string>();
  private readonly checkedAt = new Map<string, number>();

  /**
   * `embedder` is the services' EMBEDDER (SpaceEmbedder): its cosineScale is that of the model
   * whose vectors the pinned tenant's active slot holds, read on every call, so a score read
   * from either slot is calibrated with the model that produced it.
   */
  constructor(
    @Optional() private readonly spaces?: EmbeddingSpaces,
    @Optional() @Inject(EMBEDDER) private readonly embedder?: Pick<Embedder, 'cosineScale'>,
    @Optional() private readonly resident?: ResidentVectors,
  ) {}

  /**
   * The cosine the services work with, from a vector index score or a vector.similarity.cosine
   * value ((1 + cos) / 2), on the reference scale (libs/affect math/cosine-scale): every index
   * score and cosine computed in Cypher becomes a cosine here, so thresholds and weights mean
   * the same for every embedding model.
   */
  cosine(score: number): number {
    return cosineFromIndexScore(score, this.embedder?.cosineScale ?? REFERENCE_COSINE_SCALE);
  }

  /**
   * Each probe's nearest memories of the agent, best first (score, then id). A memory probe
   * finds itself too unless `before` excludes it; one that is not the agent's finds nothing.
   */
  async nearest(tx: TxRunner, scope: AgentScope, probes: readonly VectorProbe[], options: NearestOptions): Promise<Map<string, NearestMemory[]>> {
    const found = new Map<string, NearestMemory[]>();
    if (probes.length === 0 || options.k < 1) {
      for (const p of probes) found.set(p.key, []);
      return found;
    }
    const slot = this.spaces?.slotOf(scope.tenantId) ?? 'embedding';
    const index = SLOT_INDEX[slot];
    const filter = options.filter ?? NO_FILTER;
    // The slot and its model: a copy made before a re-embedding into this slot must not answer.
    const space = this.spaces ? `${slot}|${this.spaces.spaceOf(scope.tenantId).model}` : slot;
    const residency = this.resident ? await this.resident.residency(scope, space) : NOT_RESIDENT;
    if (residency.copy) {
      const answered = await this.nearestResident(tx, residency.copy, slot, space, scope, probes, options, found);
      if (answered) return answered;
    }
    // A large agent whose copy is still loading (or was let go for the budget): HNSW would only
    // approximate its top k, the exact scan does not.
    const useIndex = !residency.large && (await this.indexOnline(tx, index));
    vectorSearches.inc({ path: useIndex ? 'index' : 'exact' });
    const params = {
      ...scope,
      k: Math.floor(options.k),
      fetch: Math.max(Math.floor(options.k), SEARCH_CANDIDATES_MIN),
      withArchived: options.withArchived ?? false,
      recallRows: options.recallRows ?? false,
      probes: probes.map((p) => ({
        key: p.key,
        vector: 'embedding' in p ? p.embedding : null,
        memoryId: 'memoryId' in p ? p.memoryId : null,
        before: p.before ?? NO_TIME_BOUND,
      })),
    };
    // The unfiltered search, the hot path, is sent exactly as before filters existed.
    if (useIndex && isUnfiltered(filter)) return this.search(tx, index, 'vector.agent-nearest', params, found);
    if (!useIndex) return this.search(tx, index, 'vector.agent-nearest-exact', { ...params, filter }, found);
    return this.nearestFiltered(tx, index, { ...params, filter }, found);
  }

  /**
   * Exact, from the codes this process holds of a large agent (resident-vectors): undefined when
   * the copy turned out to be of another incarnation of the agent (then the index answers). A
   * probe whose proof the copy could not make after widening is scanned exactly.
   */
  private async nearestResident(
    tx: TxRunner,
    copy: ResidentCopy,
    slot: EmbeddingSlot,
    space: string,
    scope: AgentScope,
    probes: readonly VectorProbe[],
    options: NearestOptions,
    found: Map<string, NearestMemory[]>,
  ): Promise<Map<string, NearestMemory[]> | undefined> {
    const byMemory = probes.flatMap((p) => ('memoryId' in p ? [p.memoryId] : []));
    const stored = new Map<string, readonly number[]>();
    if (byMemory.length > 0) {
      for (const row of await tx.run<{ id: unknown; vector: unknown }>('vector.memory-vectors', { ...scope, ids: byMemory })) stored.set(String(row.id), toPlain(row.vector) as number[]);
    }
    const resolved: ResidentProbe[] = [];
    for (const p of probes) {
      const vector = 'embedding' in p ? p.embedding : stored.get(p.memoryId);
      if (vector) resolved.push({ key: p.key, vector, before: p.before ?? NO_TIME_BOUND });
      else found.set(p.key, []);
    }
    const filter = options.filter ?? NO_FILTER;
    const query = { ...scope, k: options.k, withArchived: options.withArchived ?? false, recallRows: options.recallRows ?? false, filter };
    const answer = await searchResident(tx, copy, query, resolved);
    if (answer.foreign) {
      this.resident!.drop(scope, space);
      return undefined;
    }
    if (answer.renew) this.resident!.renew(scope, space);
    vectorSearches.inc({ path: 'resident' });
    for (const [key, hits] of answer.hits) found.set(key, parseHits(hits));
    if (answer.unproven.length === 0) return found;
    vectorSearches.inc({ path: 'exact' });
    const unproven = new Set(answer.unproven);
    const params = {
      ...query,
      fetch: options.k,
      probes: resolved.filter((p) => unproven.has(p.key)).map((p) => ({ key: p.key, vector: p.vector, memoryId: null, before: p.before })),
    };
    return this.search(tx, SLOT_INDEX[slot], 'vector.agent-nearest-exact', params, found);
  }

  /**
   * A filtered search by the index, proven complete. Scope and the occurredAt range are filter
   * properties of the index, so without tags or metadata its k hits are the answer. With them the
   * index is asked for more hits than wanted and each is checked: a probe is done when k pass or
   * the index ran out of candidates (fewer hits than asked); any other probe — the filter passes
   * too few of the agent's nearest memories to tell where its k-th lies — goes to the exact scan
   * of the filtered set (one more query, only then).
   */
  private async nearestFiltered(tx: TxRunner, index: string, params: FilteredParams, found: Map<string, NearestMemory[]>): Promise<Map<string, NearestMemory[]>> {
    const { filter, k } = params;
    const fetch = hasListConditions(filter) ? Math.max(FILTERED_FETCH_MIN, FILTERED_FETCH_PER_RESULT * k) : params.fetch;
    const rows = await this.run(tx, index, filter.scope === null ? 'vector.agent-nearest-filtered' : 'vector.agent-nearest-scoped', {
      ...params,
      fetch,
      occurredFrom: filter.after ?? FILTER_TIME_MIN,
      occurredTo: filter.before ?? FILTER_TIME_MAX,
    });
    const unproven = new Set<string>();
    for (const row of rows) {
      const hits = parseHits(row.hits);
      if (hits.length < k && num(toPlain(row.scanned)) >= fetch) unproven.add(String(row.key));
      else found.set(String(row.key), hits);
    }
    if (unproven.size === 0) return found;
    vectorSearches.inc({ path: 'exact-filter' });
    return this.search(tx, index, 'vector.agent-nearest-exact', { ...params, probes: params.probes.filter((p) => unproven.has(p.key)) }, found);
  }

  private async search(tx: TxRunner, index: string, name: NearestQuery, params: SearchParams & Readonly<Record<string, unknown>>, found: Map<string, NearestMemory[]>): Promise<Map<string, NearestMemory[]>> {
    for (const row of await this.run(tx, index, name, params)) found.set(String(row.key), parseHits(row.hits));
    return found;
  }

  private async run(tx: TxRunner, index: string, name: NearestQuery, params: SearchParams & Readonly<Record<string, unknown>>): Promise<{ key: unknown; hits: unknown; scanned?: unknown }[]> {
    try {
      return await tx.run(name, params);
    } catch (err) {
      // Dropped or rebuilding since this process saw it ONLINE: this call fails (UNAVAILABLE,
      // graph.errors), the next ones take the exact path until it is back.
      if (name !== 'vector.agent-nearest-exact' && isIndexGone(err)) {
        this.online.delete(index);
        this.checkedAt.delete(index);
      }
      throw err;
    }
  }

  /** Whether the filtered index answers; asked at most once a second until it does. */
  private async indexOnline(tx: TxRunner, index: string): Promise<boolean> {
    if (this.online.has(index)) return true;
    const now = performance.now();
    if (now - (this.checkedAt.get(index) ?? Number.NEGATIVE_INFINITY) < STATE_RECHECK_MS) return false;
    this.checkedAt.set(index, now);
    const rows = await tx.run<{ state: unknown; populationPercent: unknown }>('vector.index-state', { name: index });
    const state = rows[0]?.state;
    if (state === 'ONLINE') this.online.add(index);
    else {
      this.log.warn(`vector index ${index} is ${String(state ?? 'missing')} (${num(toPlain(rows[0]?.populationPercent)).toFixed(0)} %): nearest neighbours by exact scan until it is ONLINE`);
    }
    return this.online.has(index);
  }
}

type NearestQuery = Extract<QueryName, `vector.agent-nearest${string}`>;

/** A type, not an interface: it travels as the driver's parameter record. */
type SearchParams = {
  readonly tenantId: string;
  readonly agentId: string;
  readonly k: number;
  /** Candidates the index is asked for: k, at least SEARCH_CANDIDATES_MIN. */
  readonly fetch: number;
  readonly withArchived: boolean;
  readonly recallRows: boolean;
  readonly probes: readonly { readonly key: string; readonly vector: readonly number[] | null; readonly memoryId: string | null; readonly before: number }[];
};

type FilteredParams = SearchParams & { readonly filter: MemoryFilter };

/** Neo4j's "index does not exist" (22N69) and "not ready yet" (51N63) share this code. */
function isIndexGone(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'Neo.ClientError.Schema.IndexNotFound';
}

function parseHits(raw: unknown): NearestMemory[] {
  const hits = (toPlain(raw) as Record<string, unknown>[] | null) ?? [];
  return hits
    .map((h) => ({
      id: String(h.id),
      score: num(h.score),
      valence: num(h.valence),
      arousal: num(h.arousal),
      dominance: num(h.dominance, 0.5),
      occurredAt: num(h.occurredAt),
      encodedAt: num(h.encodedAt),
      ...(Array.isArray(h.row) ? { candidate: { row: h.row, goalScores: h.goalScores, concepts: h.concepts } } : {}),
    }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
