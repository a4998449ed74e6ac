import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  bm25,
  classifyQuery,
  episodeBm25,
  lendersByMemory,
  type EpisodeLender,
  type TermProfile,
  energySearchBreadth,
  broadcastSeed,
  EMPTY_WORKSPACE,
  hourOfDay,
  isFactSeeking,
  sessionMinutes,
  sessionSearchBreadth,
  touchSession,
  extractConcepts,
  isWorkspaceActive,
  isBaselineProfile,
  presetOf,
  queryBreadth,
  queryTerms,
  resolveWeights,
  rankPass2,
  scorePass1,
  seedsFromPass1,
  withSeedActivation,
  SIGNAL_NAMES,
  SPREADING,
  stateAt,
  termProfile,
  termsBesideSpeakers,
  timeReferences,
  namesSpeaker,
  queryNameWords,
  tokenize,
  storedLearning,
  weightsToArray,
  withBroadcastSeed,
  workspaceRound,
  type ActivatedNode,
  type EdgeType,
  type QueryType,
  type RankedMemory,
  type RecallCandidate,
  type RecallContext,
  type Weights,
  type WeightSource,
  type WorkspaceEvent,
  type WorkspaceState,
} from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { decodeAgentState, isUnfiltered, RecallRepository, type ActivationRecord, type AgentLexicon, type CandidateRecord, type MemoryRecord, type RecallUnit, type SpreadGraphRevs } from '@limbic/graph';
import { badInput } from '../common/api-error';
import type { RecallInput } from './dto/recall.types';
import { validateRecallInput, type RecallCommand } from './recall-input.validator';
import { RecallEffectsDispatcher } from './services/recall-effects-dispatcher.service';
import { SeedPoolService, type SeedPool } from './services/seed-pool.service';
import { SpreadGraphCache } from './services/spread-graph-cache.service';
import { agentLuceneQuery } from './utils/lucene-query';
import { spreadInProcess } from './utils/spread-in-process';
import { toRecallCandidate } from './utils/to-recall-candidate';

/**
 * chosen, on the LoCoMo dev split: the fulltext hits that lend their words to their episodes
 * (episodeLexical), twice the pool — the pool's own hits and as many more. Recall@10 with the
 * pool's hits only / twice / about three times: 0.794 / 0.802 / 0.799 (every memory's own
 * neighbours read instead, a read more per pass: 0.806).
 */
const LENDERS_PER_POOL = 2;
/** chosen: candidates per index — three per wanted result, at least 30, at most 300. */
const POOL_PER_RESULT = 3;
const POOL_MIN = 30;
const POOL_MAX = 300;
/** chosen: memories reached by spreading that may join pass 2 — the strongest 2 per result, at least 20. */
const JOINED_PER_RESULT = 2;
const JOINED_MIN = 20;

export interface RecalledItem {
  readonly memory: MemoryRecord;
  readonly ranked: RankedMemory;
  readonly activation: ActivatedNode | null;
  /** A competitor the workspace's focus suppresses. */
  readonly suppressed: boolean;
}

/** The global workspace's focus after a recall. */
export interface RecallFocus {
  readonly memory: MemoryRecord;
  readonly sinceMs: number;
  readonly expiresAtMs: number;
  readonly score: number;
  /** This recall ignited it (or it took the workspace over). */
  readonly ignited: boolean;
}

export interface RecallOutcome {
  readonly recallId: string;
  readonly items: readonly RecalledItem[];
  readonly weights: Weights;
  readonly weightSource: WeightSource;
  readonly queryType: QueryType;
  /** How many of the top K the energy cut removed (0 for a rested agent or a baseline profile). */
  readonly energyCut: number;
  readonly focus: RecallFocus | null;
  /** The workspace round, for the effects job to store. */
  readonly workspace: { readonly event: WorkspaceEvent; readonly state: WorkspaceState };
  readonly explain: boolean;
  readonly tookMs: number;
}

/**
 * Recall (DESIGN §4): hybrid seeds → pass 1 → spreading activation (in-process over the agent's
 * cached graph, else in Cypher) → pass 2 →
 * focus. Every formula is libs/affect's; every read runs in one read transaction, and the
 * answer waits for no write: after it, the recall's record is written pending and its effects
 * go to the `recall-effects` queue (RecallEffectsDispatcher).
 */
@Injectable()
export class RecallService {
  private readonly log = new Logger('Recall');

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly recalls: RecallRepository,
    private readonly seedPool: SeedPoolService,
    private readonly effects: RecallEffectsDispatcher,
    private readonly spreadGraphs: SpreadGraphCache,
  ) {}

  async recall(tenantId: string, input: RecallInput): Promise<RecallOutcome> {
    const started = performance.now();
    const cmd = validateRecallInput(input, this.config.limits, Date.now());
    const [embedding] = await this.embedder.embed([cmd.query]);
    if (!embedding) throw new Error('embedder returned no vector');
    const recallId = randomUUID();
    const embedded = performance.now();
    // The query's concepts: context tags for scoring and the concepts the effects job primes.
    const concepts = extractConcepts(cmd.query);
    const outcome = await this.recalls.read(tenantId, cmd.agentId, (unit) => this.run(unit, tenantId, cmd, embedding, concepts), cmd.filter);
    // Thrown outside the transaction: errors inside it are reported as database failures.
    if (outcome === null) throw badInput('agentId', `unknown agent ${cmd.agentId}`);
    const read = performance.now();
    // Recorded in Neo4j and enqueued after the answer; waits only when many are pending.
    await this.effects.dispatchInBackground({
      tenantId,
      agentId: cmd.agentId,
      recallId,
      now: cmd.nowMs,
      items: outcome.items.map((i) => ({ memoryId: i.ranked.id, rank: i.ranked.rank, signals: SIGNAL_NAMES.map((n) => round(i.ranked.explanation.signals[n])) })),
      concepts,
      focusId: outcome.workspace.state.focusId,
      workspace: { event: outcome.workspace.event, ...outcome.workspace.state },
      // What feedback on this recall learns from: the weights it used, for its query type.
      weights: weightsToArray(outcome.weights),
      queryType: outcome.queryType,
    });
    const tookMs = performance.now() - started;
    this.log.debug(
      `recall ${recallId}: ${outcome.items.length} items in ${tookMs.toFixed(1)} ms ` +
        `(embed ${(embedded - started).toFixed(1)}, graph ${(read - embedded).toFixed(1)}, enqueue ${(performance.now() - read).toFixed(1)})`,
    );
    return { ...outcome, recallId, explain: cmd.explain, tookMs };
  }

  private async run(
    unit: RecallUnit,
    tenantId: string,
    cmd: RecallCommand,
    embedding: readonly number[],
    concepts: readonly string[],
  ): Promise<Omit<RecallOutcome, 'recallId' | 'explain' | 'tookMs'> | null> {
    const poolSize = Math.min(POOL_MAX, Math.max(POOL_MIN, POOL_PER_RESULT * cmd.topK));
    // The agent's own memories only: the fulltext index is shared by every agent.
    const lucene = agentLuceneQuery(cmd.query, tenantId, cmd.agentId);
    const terms = queryTerms(cmd.query);
    // A held graph of the agent walks the fulltext hits' episodes in-process (episodeLexical).
    const heldChain = this.spreadGraphs.holds(tenantId, cmd.agentId);
    // Sent together: the driver pipelines them in the transaction (one round trip, not two).
    const [prelude, nearest] = await Promise.all([
      unit.prelude({
        embedding,
        text: lucene,
        terms,
        limit: poolSize,
        textFetch: this.seedPool.firstTextFetch(poolSize),
        lenders: LENDERS_PER_POOL * poolSize,
        walkEpisodes: !heldChain,
      }),
      unit.nearest(embedding, poolSize),
    ]);
    if (!prelude) return null;
    const { state } = prelude;
    const agentState = decodeAgentState(state.agent);
    const preset = presetOf(state.agent.preset);
    const { mood, energy } = stateAt(agentState, cmd.nowMs, preset);
    // The session this recall counts in (the worker counts it when it applies the effects):
    // after an idle gap a new one, which holds no memory yet.
    const session = touchSession(agentState.session, cmd.nowMs, preset.sessionGapMinutes);
    const queryType = classifyQuery(cmd.query);
    const { weights, source } = resolveWeights({
      mood,
      queryType,
      ...(cmd.override ? { override: cmd.override } : {}),
      ...(cmd.profile ? { profile: cmd.profile } : {}),
      learned: storedLearning(state.agent.learnedWeights, state.agent.weights),
      presetProfile: preset.profile,
    });
    // Baselines are plain vector or BM25 search: no energy cut.
    const baseline = cmd.profile !== undefined && isBaselineProfile(cmd.profile);

    const goals = state.goals.filter((g) => g.embedding.length === embedding.length);
    const goalEmbeddings = goals.map((g) => g.embedding);
    const vector = nearest.hits.map((h) => ({ id: h.id, score: h.score }));
    const seeds: SeedPool = { vector, fulltext: vector.length === 0 ? [] : await this.seedPool.fulltext(unit, lucene, poolSize, prelude.fulltext) };
    const ids = [...new Set([...seeds.vector.map((h) => h.id), ...seeds.fulltext.map((h) => h.id)])];
    const records = await this.candidates(unit, ids, [...unit.vectorCandidates(nearest, goals), ...prelude.candidates], embedding, goalEmbeddings);
    const memories = new Map(records.map((r) => [r.memory.id, r.memory] as const));
    const workspace = await this.workspaceFocusLoaded(unit, prelude.state.workspace, cmd.nowMs, memories, embedding, goalEmbeddings);
    const queryWords = tokenize(cmd.query);
    const lexicalTerms = termsBesideSpeakers(terms, namedSpeakers(records, queryWords));
    const profileOf = termProfiles();
    const lexical = lexicalScorer(seeds, lexicalTerms, prelude.lexicon, profileOf);
    // The memories that hold query words lend them to their episodes: the fulltext hits.
    const hits = [
      ...prelude.candidates.map((c) => ({ id: c.memory.id, profile: profileOf(c.memory), episode: c.episode ?? [] })),
      ...prelude.moreHits.map((h) => ({ id: h.id, profile: termProfile(h.content), episode: h.episode })),
    ];
    const usesEpisodes = prelude.lexicon !== null && lexicalTerms.length > 0;
    const lenders = heldChain && usesEpisodes ? await this.walkedEpisodes(unit, tenantId, cmd.agentId, state.graphRevs, hits, preset.sessionGapMinutes * 60_000) : hits;
    const episode = episodeScorer(lenders, lexicalTerms, prelude.lexicon, profileOf);
    const pool = records.map((r) => toRecallCandidate(r, lexical(r), goals, episode(r)));

    const context: RecallContext = {
      nowMs: cmd.nowMs,
      affect: agentState.affect,
      ...(cmd.queryAffect ? { queryAffect: cmd.queryAffect } : {}),
      mood,
      momentum: agentState.momentum,
      goals: goals.map((g) => ({ id: g.id, priority: g.priority })),
      primedConcepts: state.primed.map((p) => ({ name: p.name.toLowerCase(), activation: p.activation, atMs: p.atMs })),
      // SRF's context: the query's concepts and the caller's context tags.
      contextTags: [...new Set([...concepts, ...cmd.contextTags])],
      decayScale: preset.decayScale,
      hourOfDay: hourOfDay(cmd.nowMs, state.agent.timeZone),
      sessionStartedAtMs: session.startedAtMs,
      queryWords,
      timeReferences: timeReferences(cmd.query),
      timeZone: state.agent.timeZone,
    };
    const pass1 = scorePass1(pool, context, weights);

    // Session length moves breadth on top of energy, never for fact-seeking queries without a
    // named profile (as mood adaptation), so it cannot cost factual recall.
    const energyBreadth = energySearchBreadth(energy, preset.spread);
    const stateBreadth = cmd.profile === undefined && isFactSeeking(queryType)
      ? energyBreadth
      : sessionSearchBreadth(energyBreadth, { minutes: sessionMinutes(session, cmd.nowMs), interactions: session.interactions });
    const breadth = queryBreadth(stateBreadth, cmd.query);
    let activations: ReadonlyMap<string, ActivatedNode> = new Map();
    const activated: RecallCandidate[] = [];
    if (cmd.spread.enabled && pass1.length > 0) {
      const seeds = seedsFromPass1(pass1, cmd.spread.seeds ?? breadth.seeds);
      // A held focus is broadcast: it seeds spreading too, so its neighbours are lifted.
      const spreadSeeds = withBroadcastSeed(seeds, broadcastSeed(workspace, cmd.nowMs));
      const params = {
        seeds: spreadSeeds,
        hops: cmd.spread.hops ?? breadth.hops,
        factors: SPREADING.defaultTypeFactors,
        minActivation: cmd.spread.minActivation ?? SPREADING.defaultMinActivation,
        maxFanOut: SPREADING.defaultMaxFanOut,
        poolIds: ids,
        maxJoined: Math.max(JOINED_MIN, JOINED_PER_RESULT * cmd.topK),
      };
      // The agent's graph held at the revision this recall read spreads in-process; a filtered
      // recall spreads on the filtered subgraph, which only Cypher has.
      const cached = isUnfiltered(cmd.filter) ? this.spreadGraphs.at(tenantId, cmd.agentId, state.graphRevs) : this.spreadGraphs.bypassed();
      const reached = cached
        ? await spreadInProcess(unit, cached.fanOut, params, embedding, goalEmbeddings)
        : await unit.spread(params, embedding, goalEmbeddings);
      const reachedBy = new Map<string, ActivatedNode>();
      for (const r of reached) {
        reachedBy.set(r.id, toActivatedNode(r));
        if (r.candidate) {
          activated.push(toRecallCandidate(r.candidate, 0, goals, episode(r.candidate)));
          memories.set(r.id, r.candidate.memory);
        }
      }
      activations = withSeedActivation(reachedBy, seeds);
    }

    const { ranked, energyCut } = rankPass2({
      pool,
      activated,
      activations,
      pass1,
      context,
      weights,
      topK: cmd.topK,
      ...(baseline ? {} : { energy }),
    });
    const round = workspaceRound(ranked, workspace, cmd.nowMs);
    const suppressed = new Set(round.state.suppressed);
    const items = ranked.flatMap((r) => {
      const memory = memories.get(r.id);
      return memory ? [{ memory, ranked: r, activation: r.explanation.activationPath ? (activations.get(r.id) ?? null) : null, suppressed: suppressed.has(r.id) }] : [];
    });
    const focusMemory = round.state.focusId !== null ? memories.get(round.state.focusId) : undefined;
    return {
      items,
      weights,
      weightSource: source,
      queryType,
      energyCut,
      focus: focusMemory
        ? { memory: focusMemory, sinceMs: round.state.sinceMs, expiresAtMs: round.state.expiresAtMs, score: round.state.score, ignited: round.event === 'ignited' || round.event === 'taken-over' }
        : null,
      workspace: round,
    };
  }

  /**
   * The workspace this recall starts from, its focus's record added to `memories` when it holds
   * the workspace now. A focus the recall cannot see (forgotten, archived, or outside the
   * recall's filter) leaves the workspace empty for this recall.
   */
  private async workspaceFocusLoaded(
    unit: RecallUnit,
    stored: WorkspaceState,
    nowMs: number,
    memories: Map<string, MemoryRecord>,
    embedding: readonly number[],
    goalEmbeddings: readonly (readonly number[])[],
  ): Promise<WorkspaceState> {
    if (!isWorkspaceActive(stored, nowMs) || stored.focusId === null) return stored;
    if (!memories.has(stored.focusId)) {
      const [record] = await unit.candidates([stored.focusId], embedding, goalEmbeddings);
      if (!record) return EMPTY_WORKSPACE;
      memories.set(record.memory.id, record.memory);
    }
    return stored;
  }

  /**
   * The hits with their episodes when the prelude left them to the held graph: walked in-process
   * over the agent's held graph at the recall's revision, or read (recall.episode-ids) when the
   * copy turned out to be at another one.
   */
  private async walkedEpisodes(
    unit: RecallUnit,
    tenantId: string,
    agentId: string,
    revs: SpreadGraphRevs,
    hits: readonly (EpisodeLender & { readonly id: string })[],
    gapMs: number,
  ): Promise<EpisodeLender[]> {
    const walk = this.spreadGraphs.episodeWalk(tenantId, agentId, revs);
    if (walk !== null) return hits.map((h) => ({ profile: h.profile, episode: walk(h.id, gapMs) }));
    const read = await unit.episodeIds(hits.map((h) => h.id), gapMs);
    return hits.map((h) => ({ profile: h.profile, episode: read.get(h.id) ?? [] }));
  }

  /**
   * Candidate records for `ids`, in that order. The first read projected both scans' hits (the
   * vector search its own, the prelude the fulltext ones); only fulltext hits widening added are
   * read again. Every similarity is an exact cosine: the vector seeds' is the index's score (it
   * is not quantized), the fulltext hits' was computed from their stored embeddings.
   */
  private async candidates(
    unit: RecallUnit,
    ids: readonly string[],
    known: readonly CandidateRecord[],
    embedding: readonly number[],
    goalEmbeddings: readonly (readonly number[])[],
  ): Promise<CandidateRecord[]> {
    const byId = new Map<string, CandidateRecord>();
    for (const r of known) if (!byId.has(r.memory.id)) byId.set(r.memory.id, r);
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      for (const r of await unit.candidates(missing, embedding, goalEmbeddings)) byId.set(r.memory.id, r);
    }
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [r] : [];
    });
  }
}

/** Each memory's term profile, worked out once per recall (the lexical and episode signals both read it). */
function termProfiles(): (m: MemoryRecord) => TermProfile {
  const known = new Map<string, TermProfile>();
  return (m) => {
    let p = known.get(m.id);
    if (p === undefined) {
      p = termProfile(m.content);
      known.set(m.id, p);
    }
    return p;
  };
}

/**
 * The lexical signal's raw score of each pool memory: BM25 against the agent's own term
 * statistics, computed from the memory's text — for every pool member, the vector seeds too
 * (a memory that has the query's words gets credit for them however it entered the pool).
 * The fulltext index only decides which memories enter. Agents without statistics (stored
 * before they existed) and queries without content terms keep the index's BM25.
 */
function lexicalScorer(
  seeds: SeedPool,
  terms: readonly string[],
  lexicon: AgentLexicon | null,
  profileOf: (m: MemoryRecord) => TermProfile,
): (r: CandidateRecord) => number {
  if (lexicon === null || terms.length === 0) {
    const index = new Map(seeds.fulltext.map((h) => [h.id, h.score] as const));
    return (r) => index.get(r.memory.id) ?? 0;
  }
  return (r) => bm25(profileOf(r.memory), terms, lexicon);
}

/**
 * The episodeLexical signal's raw score of any candidate, pool or joined (libs/affect
 * episodeBm25): its own words and those of the lenders in its episode — the fulltext hits, the
 * memories that hold query words, each with the ids of its episode (recall.prelude) — against
 * the agent's own statistics, with the lexical signal's terms. 0 without statistics or content
 * terms.
 */
function episodeScorer(
  lenders: readonly EpisodeLender[],
  terms: readonly string[],
  lexicon: AgentLexicon | null,
  profileOf: (m: MemoryRecord) => TermProfile,
): (r: CandidateRecord) => number {
  if (lexicon === null || terms.length === 0) return () => 0;
  const byMemory = lendersByMemory(lenders);
  return (r) => episodeBm25(profileOf(r.memory), byMemory.get(r.memory.id) ?? [], terms, lexicon);
}

function toActivatedNode(r: ActivationRecord): ActivatedNode {
  return { id: r.id, activation: r.activation, seedId: r.seedId, path: r.path, edgeTypes: r.edgeTypes as EdgeType[] };
}

/** Signals travel to the worker rounded: six decimals are far below any effect they have. */
function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** The speakers of the pool's memories that the query names. */
function namedSpeakers(records: readonly CandidateRecord[], queryWords: readonly string[]): readonly string[] {
  const words = queryNameWords(queryWords);
  const speakers = new Set<string>();
  for (const r of records) if (r.memory.speaker !== null) speakers.add(r.memory.speaker);
  return [...speakers].filter((s) => namesSpeaker(s, words));
}
