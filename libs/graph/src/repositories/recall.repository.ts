import { Injectable } from '@nestjs/common';
import { PRESET_NAMES, PRESETS, presetOf, type WorkspaceState } from '@limbic/affect';
import { AgentVectorSearch, type NearestMemory } from '../agent-vector-search';
import { NO_FILTER, type MemoryFilter } from '../memory-filter';
import type { AgentRecord, MemoryRecord } from '../model';
import { Neo4jExecutor, type TxRunner } from '../neo4j-executor';
import { parseMemoryRow } from '../memory-row';
import { parseAgent } from '../record-parsers';
import { num, numList, strList, toPlain } from '../records';
import { decodeWorkspace } from '../workspace.codec';

/** An agent goal with the vector recall compares memories against. */
export interface RecallGoal {
  readonly id: string;
  readonly priority: number;
  readonly embedding: readonly number[];
}

export interface RecallPrimedConcept {
  readonly name: string;
  readonly activation: number;
  readonly atMs: number;
}

export interface RecallAgentState {
  readonly agent: AgentRecord;
  /** The agent's global workspace as the last applied recall effects left it. */
  readonly workspace: WorkspaceState;
  readonly goals: readonly RecallGoal[];
  readonly primed: readonly RecallPrimedConcept[];
  /** The revisions of the agent's spreading graph (spread.graph-rev); 0 before its first link. */
  readonly graphRevs: SpreadGraphRevs;
}

export interface SeedHit {
  readonly id: string;
  /** Index score: (1 + cos) / 2 for vectors, BM25 for fulltext. */
  readonly score: number;
}

export interface SeedScan {
  /** Hits the index returned before filtering to the agent. */
  readonly scanned: number;
  readonly found: readonly SeedHit[];
}

/** A memory with everything scoring needs. Fields older memories lack come back as null. */
export interface CandidateRecord {
  readonly memory: MemoryRecord;
  /** Plain cosine similarity to the query, [−1, 1]. */
  readonly cosine: number;
  /** Plain cosine to each goal, in the order the goals were given. */
  readonly goalCosines: readonly number[];
  readonly moodAtEncoding: readonly number[] | null;
  readonly momentumAtEncoding: readonly number[] | null;
  readonly consolidation: number | null;
  readonly lastAccessedAt: number | null;
  /** Names of the concepts the memory is TAGGED with (tags and extracted concepts). */
  readonly concepts: readonly string[];
  /**
   * The ids of the memories in its episode (recall.prelude's fulltext hits only: a hit lends
   * its words to them, for the episodeLexical signal); absent for candidates read otherwise.
   */
  readonly episode?: readonly string[];
}

export interface ActivationRecord {
  readonly id: string;
  readonly activation: number;
  readonly seedId: string;
  readonly path: readonly string[];
  readonly edgeTypes: readonly string[];
  /** Null for memories already in the caller's pool. */
  readonly candidate: CandidateRecord | null;
}

/** The revisions of an agent's spreading graph: writes raise `graph`, the worker's asynchronous effects `effects` (spread.graph-rev). */
export interface SpreadGraphRevs {
  /** Which agent of that id (its creation token): one deleted and made again counts from 0 again. */
  readonly incarnation: string;
  readonly graph: number;
  readonly effects: number;
}

/** An agent's resonance edges between live memories, as parallel lists (spread.agent-graph). */
export interface AgentSpreadGraph {
  readonly revs: SpreadGraphRevs;
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly types: readonly string[];
  readonly weights: readonly number[];
  /** Whether each edge is a link of the temporal chain (encode's unchain removes those). */
  readonly chains: readonly boolean[];
  /** The graph revision an encode made each edge at; 0 for edges made otherwise. */
  readonly edgeRevs: readonly number[];
  /** The time between a chain link's two memories, ms (0 for other edges). */
  readonly gaps: readonly number[];
  /**
   * The graph revision read again after the edges (null: the agent went, or was made again,
   * meanwhile). Equal to `revs.graph`: no graph write committed while the edges were read, they
   * are that revision's exactly; greater: the writes of revisions up to it may be half in them.
   */
  readonly revAfter: number | null;
}

export interface SpreadParams {
  readonly seeds: readonly { readonly id: string; readonly activation: number }[];
  readonly hops: number;
  readonly factors: Readonly<Record<string, number>>;
  readonly minActivation: number;
  readonly maxFanOut: number;
  readonly poolIds: readonly string[];
  /** The strongest this-many activated memories outside the pool come back as candidates. */
  readonly maxJoined: number;
}

/** The vector side of a recall's seeds: the hits, best first, each with its raw candidate. */
export interface VectorSeeds {
  readonly hits: readonly NearestMemory[];
}

function vectorCandidates(seeds: VectorSeeds, goals: readonly RecallGoal[], cosine: ToCosine): CandidateRecord[] {
  return seeds.hits.flatMap((h) => {
    if (!h.candidate) return [];
    const byGoal = new Map((toPlain(h.candidate.goalScores) as Row[] | null ?? []).map((g) => [String(g.id), num(g.score, 0.5)] as const));
    return [parseCandidate(h.candidate.row, h.score, goals.map((g) => byGoal.get(g.id) ?? 0.5), h.candidate.concepts, cosine)];
  });
}

/** What the first read of a recall returns (recall.prelude). */
export interface RecallPrelude {
  readonly state: RecallAgentState;
  /** The first fulltext scan; null when there was no text to search for. */
  readonly fulltext: SeedScan | null;
  /** Every hit of the fulltext scan projected, in hit order. */
  readonly candidates: readonly CandidateRecord[];
  /** The agent's term statistics for the query's terms; null when it has none (stored before they existed). */
  readonly lexicon: AgentLexicon | null;
  /** Live fulltext hits after the pool's (up to PreludeParams.lenders in all), for the episodeLexical signal. */
  readonly moreHits: readonly EpisodeHit[];
}

/** libs/affect's TermStatistics, as the prelude reads them (lexicon.adjust keeps them). */
export interface AgentLexicon {
  readonly docs: number;
  readonly totalLength: number;
  readonly df: ReadonlyMap<string, number>;
}

export interface PreludeParams {
  /** The query's embedding: the fulltext hits' similarities are computed against it. */
  readonly embedding: readonly number[];
  /** A Lucene query (escaped by the caller), or null for no fulltext scan. */
  readonly text: string | null;
  readonly limit: number;
  readonly textFetch: number;
  /** The query's terms (libs/affect queryTerms) whose document frequencies to read. */
  readonly terms: readonly string[];
  /** How many of the live fulltext hits (the first `limit` of them and more) lend their words to their episodes. */
  readonly lenders: number;
  /** Whether the prelude walks the hits' episodes (false: the API holds the agent's graph and walks it itself; the hits' episodes come back empty). */
  readonly walkEpisodes: boolean;
}

/** A fulltext hit beyond the pool: its words and the ids of the memories of its episode, to which it lends them. */
export interface EpisodeHit {
  readonly id: string;
  readonly content: string;
  readonly episode: readonly string[];
}

/**
 * The longest link inside an episode (the episodeLexical signal) by agent preset: its session
 * gap, in ms; EPISODE_GAP_MS (presetOf's fallback preset) for a name no longer known.
 */
const EPISODE_GAPS_MS: Readonly<Record<string, number>> = Object.fromEntries(PRESET_NAMES.map((n) => [n, PRESETS[n].sessionGapMinutes * 60_000]));
const EPISODE_GAP_MS = presetOf('').sessionGapMinutes * 60_000;

type Row = Record<string, unknown>;

/**
 * The reads of one recall, bound to one read transaction (a recall writes nothing, so it can
 * run on a read replica). Neo4j reads are read-committed, not a snapshot: a memory encoded
 * between the prelude and the spread can appear in the second read only; scoring tolerates
 * that (it is one memory more or less, never a broken one).
 *
 * Every read is bound to the recall's filter too (NO_FILTER when it has none): seeds of either
 * index, candidates and spreading see only the memories that pass it, so the recall never
 * scores, nor spreads through, a memory outside the filtered set.
 */
export class RecallUnit {
  constructor(
    private readonly tx: TxRunner,
    private readonly tenantId: string,
    private readonly agentId: string,
    private readonly vectors: AgentVectorSearch,
    private readonly filter: MemoryFilter,
  ) {}

  private readonly toCosine: ToCosine = (score) => this.vectors.cosine(score);

  /**
   * The vector seeds' candidate records, their goal cosines in the order of `goals` (the
   * prelude's; the search read the goals by id in a query of its own, so a goal set between the
   * two reads scores 0 for that recall).
   */
  vectorCandidates(seeds: VectorSeeds, goals: readonly RecallGoal[]): CandidateRecord[] {
    return vectorCandidates(seeds, goals, this.toCosine);
  }

  /** Agent state, the first fulltext scan and its candidates in one round trip; null: no agent. */
  async prelude(p: PreludeParams): Promise<RecallPrelude | null> {
    const rows = await this.tx.run<Row>('recall.prelude', {
      tenantId: this.tenantId,
      agentId: this.agentId,
      filter: this.filter,
      episodeGapsMs: EPISODE_GAPS_MS,
      episodeGapMs: EPISODE_GAP_MS,
      ...p,
    });
    const row = rows[0];
    if (!row) return null;
    // The agent map holds driver temporals: converted once, read by both parsers.
    const agent = toPlain(row.agent) as Row;
    return {
      state: parseAgentState(row, agent),
      fulltext: p.text === null ? null : { scanned: num(toPlain(row.textScanned)), found: parseHits(row.textFound) },
      // Each candidate is [memory row, score, goal scores, concept names, episode ids] (recall.prelude).
      candidates: (row.candidates as unknown[][]).map((c) => ({ ...parseCandidate(c[0], c[1], c[2], c[3], this.toCosine), episode: strList(c[4]) })),
      lexicon: parseLexicon(agent, row),
      // Each is [id, content, episode ids] (recall.prelude).
      moreHits: ((row.moreHits as unknown[][] | undefined) ?? []).map((h) => ({ id: String(h[0]), content: String(h[1]), episode: strList(h[2]) })),
    };
  }

  /**
   * The agent's `k` live memories nearest to the query, best first (score = (1 + cos) / 2),
   * each with its candidate (read in the same query; see vectorCandidates). With a filter: the
   * true top k of the memories that pass it.
   */
  async nearest(embedding: readonly number[], k: number): Promise<VectorSeeds> {
    const found = await this.vectors.nearest(this.tx, { tenantId: this.tenantId, agentId: this.agentId }, [{ key: 'q', embedding }], {
      k,
      recallRows: true,
      filter: this.filter,
    });
    return { hits: found.get('q') ?? [] };
  }

  fulltext(text: string, limit: number, fetch: number): Promise<SeedScan> {
    return this.scan('recall.seeds-fulltext', { text, limit, fetch });
  }

  /** `knownScores`: vector scores the seeds already have, by memory id (saves a vector read each). */
  async candidates(
    ids: readonly string[],
    embedding: readonly number[],
    goalEmbeddings: readonly (readonly number[])[],
    knownScores: Readonly<Record<string, number>> = {},
  ): Promise<CandidateRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.tx.run<Row>('recall.candidates', { tenantId: this.tenantId, agentId: this.agentId, filter: this.filter, ids, embedding, goalEmbeddings, knownScores });
    return rows.map((r) => parseCandidate(r.memory, r.score, r.goalScores, r.concepts, this.toCosine));
  }

  /** The ids of the memories in each given memory's episode (recall.episode-ids): the prelude's walk, for hits it did not walk. */
  async episodeIds(ids: readonly string[], gapMs: number): Promise<ReadonlyMap<string, readonly string[]>> {
    if (ids.length === 0) return new Map();
    const rows = await this.tx.run<Row>('recall.episode-ids', { tenantId: this.tenantId, agentId: this.agentId, ids, gapMs, walkEpisodes: true });
    return new Map(rows.map((r) => [String(r.id), strList(r.episode)] as const));
  }

  async spread(p: SpreadParams, embedding: readonly number[], goalEmbeddings: readonly (readonly number[])[]): Promise<ActivationRecord[]> {
    if (p.seeds.length === 0 || p.hops < 1) return [];
    const rows = await this.tx.run<Row>('spread.activate', { tenantId: this.tenantId, agentId: this.agentId, filter: this.filter, ...p, embedding, goalEmbeddings });
    return rows.map((r) => ({
      id: String(r.id),
      activation: num(r.activation),
      seedId: String(r.seedId),
      path: strList(r.path),
      edgeTypes: strList(r.edgeTypes),
      candidate: r.memory === null || r.memory === undefined ? null : parseCandidate(r.memory, r.score, r.goalScores, r.concepts, this.toCosine),
    }));
  }

  private async scan(name: 'recall.seeds-fulltext', params: Row): Promise<SeedScan> {
    const rows = await this.tx.run<Row>(name, { tenantId: this.tenantId, agentId: this.agentId, filter: this.filter, ...params });
    const row = rows[0];
    if (!row) return { scanned: 0, found: [] };
    return { scanned: num(toPlain(row.scanned)), found: parseHits(row.found) };
  }
}

function parseAgentState(row: Row, raw: Row): RecallAgentState {
  return {
    agent: parseAgent(raw),
    workspace: decodeWorkspace(raw),
    goals: (toPlain(row.goals) as Row[]).map((g) => ({ id: String(g.id), priority: num(g.priority, 1), embedding: numList(g.vector) })),
    primed: (toPlain(row.primed) as Row[]).map((p) => ({ name: String(p.name), activation: num(p.activation), atMs: num(p.at) })),
    graphRevs: { incarnation: String(row.incarnation), graph: num(raw.graphRev, 0), effects: num(raw.effectsRev, 0) },
  };
}

function parseHits(raw: unknown): SeedHit[] {
  return (toPlain(raw) as Row[]).map((h) => ({ id: String(h.id), score: num(h.score) }));
}

/** `row`: a memory row (MEMORY_ROW); the values need no toPlain (see parseMemoryRow). */
/** A (1 + cos) / 2 score as the services' cosine (AgentVectorSearch.cosine). */
type ToCosine = (score: number) => number;

function parseCandidate(row: unknown, score: unknown, goalScores: unknown, concepts: unknown, cosine: ToCosine): CandidateRecord {
  const { memory, moodAtEncoding, momentumAtEncoding, consolidation, lastAccessedAt } = parseMemoryRow(row as unknown[]);
  return {
    memory,
    cosine: cosine(num(score, 0.5)),
    goalCosines: numList(goalScores).map(cosine),
    moodAtEncoding,
    momentumAtEncoding,
    consolidation,
    lastAccessedAt,
    concepts: strList(concepts),
  };
}

@Injectable()
export class RecallRepository {
  constructor(
    private readonly db: Neo4jExecutor,
    private readonly vectors: AgentVectorSearch,
  ) {}

  /**
   * The agent's spreading graph as of its revisions `revs` or later (spread.agent-graph): they
   * are read first, in the same transaction, so the edges are never older than them, and once
   * more after the edges (`revAfter`). At most
   * `maxEdges` edges are read: a caller that gets that many treats the graph as too large. Null: no agent.
   */
  spreadGraph(tenantId: string, agentId: string, maxEdges: number): Promise<AgentSpreadGraph | null> {
    return this.db.readTx(
      'spread.load',
      async (tx) => {
        const [revRow] = await tx.run<Row>('spread.graph-rev', { tenantId, agentId });
        if (!revRow) return null;
        const [row] = await tx.run<Row>('spread.agent-graph', { tenantId, agentId, maxEdges });
        // Read again: every graph write raises graphRev in its transaction and a transaction's
        // writes appear at its commit (revAfter).
        const [after] = await tx.run<Row>('spread.graph-rev', { tenantId, agentId });
        const revs = { incarnation: String(revRow.incarnation), graph: num(revRow.graphRev, 0), effects: num(revRow.effectsRev, 0) };
        return {
          revs,
          from: strList(row?.from),
          to: strList(row?.to),
          types: strList(row?.types),
          weights: numList(row?.weights),
          chains: (Array.isArray(row?.chains) ? row.chains : []).map((c) => c === true),
          edgeRevs: numList(row?.revs),
          gaps: numList(row?.gaps),
          revAfter: after === undefined || String(after.incarnation) !== revs.incarnation ? null : num(after.graphRev, 0),
        };
      },
      tenantId,
    );
  }

  /** Runs `work` inside one read transaction scoped to the agent and, when given, to `filter`'s memories. */
  read<R>(tenantId: string, agentId: string, work: (unit: RecallUnit) => Promise<R>, filter: MemoryFilter = NO_FILTER): Promise<R> {
    return this.db.readTx('recall', (tx) => work(new RecallUnit(tx, tenantId, agentId, this.vectors, filter)), tenantId);
  }
}

function parseLexicon(agent: Row, row: Row): AgentLexicon | null {
  const docs = num(agent.lexDocs);
  if (!(docs > 0)) return null;
  const df = new Map<string, number>();
  for (const entry of (row.lexicon as Row[] | undefined) ?? []) df.set(String(entry.term), num(toPlain(entry.df)));
  return { docs, totalLength: num(agent.lexTerms), df };
}
