import { RECALL } from '../constants';
import { spreadActivation } from '../graph/spreading-activation';
import { clamp, clamp01, compareStrings } from '../math/scalar';
import type { ActivatedNode, SpreadGraph, SpreadOptions, SpreadSeed } from '../types/graph.types';
import type { RankedMemory, RecallCandidate, RecallContext, ScoredCandidate, Signals, Weights } from '../types/recall.types';
import { bestBm25, computeSignals, prepareContext } from './compute-signals';
import { applyEnergyCut } from './energy-effects';
import { queryScore, weightedScore, weightedSignals } from './weights';

/** Every signal at 1: the largest score a set of weights can give. */
const ALL_ONE: Signals = { semantic: 1, lexical: 1, moodCongruence: 1, affectProximity: 1, momentumAlignment: 1, recency: 1, frequency: 1, importance: 1, emotionalIntensity: 1, goalRelevance: 1, priming: 1, resonance: 1 };

function byScoreThenId(x: { readonly id: string; readonly score: number }, y: { readonly id: string; readonly score: number }): number {
  return y.score - x.score || compareStrings(x.id, y.id);
}

/**
 * Scores and ranks candidates: signals (resonance from `resonance` by id, else 0), then
 *
 *   score = q + p · c,   q = Σ w_i·f_i over the query signals (semantic, lexical, resonance),
 *                        c = Σ w_i·f_i over the rest (affect, state, salience),
 *   p = (1 − (q_max − q) / (RECALL.plausibleWithin · Q))², clamped to [0, 1], where q_max is
 *       the best q among the candidates and Q the largest q the weights can give
 *       (p = 1 for weights without query signals),
 *
 * sorted by score desc then id asc, ranks 1-based. The gate p is why affect reorders among
 * the memories the query already makes plausible instead of replacing them: on MADial the
 * ungated sum let mood congruence lift memories unrelated to the dialogue above the ones it
 * was about (bench/madial/README.md). Independent of candidate order. Ids should be unique;
 * a repeated id keeps its best-scoring entry.
 */
export function scoreCandidates(
  candidates: readonly RecallCandidate[],
  context: RecallContext,
  weights: Weights,
  resonance?: ReadonlyMap<string, number>,
): readonly ScoredCandidate[] {
  const prepared = prepareContext(context);
  const best = bestBm25(candidates);
  const rows = candidates.map((candidate) => {
    const signals = computeSignals(candidate, prepared, best, resonance?.get(candidate.id));
    const query = queryScore(signals, weights);
    return { id: candidate.id, signals, query, rest: weightedScore(signals, weights) - query };
  });
  let hi = Number.NEGATIVE_INFINITY;
  for (const r of rows) hi = Math.max(hi, r.query);
  const width = RECALL.plausibleWithin * queryScore(ALL_ONE, weights);
  const byId = new Map<string, { id: string; score: number; signals: Signals; plausibility: number }>();
  for (const r of rows) {
    const plausibility = width > 1e-12 ? clamp01(1 - (hi - r.query) / width) ** 2 : 1;
    const score = r.query + plausibility * r.rest;
    const previous = byId.get(r.id);
    if (previous === undefined || score > previous.score) byId.set(r.id, { id: r.id, score, signals: r.signals, plausibility });
  }
  const ranked = [...byId.values()].sort(byScoreThenId);
  return ranked.map((s, i) => ({ id: s.id, score: s.score, signals: s.signals, weighted: weightedSignals(s.signals, weights, s.plausibility), rank: i + 1 }));
}

/** Pass 1: the seed pool scored without resonance. */
export function scorePass1(candidates: readonly RecallCandidate[], context: RecallContext, weights: Weights): readonly ScoredCandidate[] {
  return scoreCandidates(candidates, context, weights);
}

/** The top `count` of pass 1 as spreading-activation seeds (activation = pass-1 score). */
export function seedsFromPass1(pass1: readonly ScoredCandidate[], count: number = RECALL.defaultSeeds): readonly SpreadSeed[] {
  return [...pass1]
    .sort(byScoreThenId)
    .slice(0, Math.max(0, Math.floor(count)))
    .map((s) => ({ id: s.id, activation: clamp(s.score, 0, 1) }));
}

export interface Pass2Input {
  /** The seed pool (pass-1 candidates). */
  readonly pool: readonly RecallCandidate[];
  /** Memories outside the pool that spreading activation reached. */
  readonly activated: readonly RecallCandidate[];
  readonly activations: ReadonlyMap<string, ActivatedNode>;
  readonly pass1: readonly ScoredCandidate[];
  readonly context: RecallContext;
  readonly weights: Weights;
  readonly topK?: number;
  /** When given, the energy cut applies. */
  readonly energy?: number;
}

/**
 * Pass 2: rescore the pool plus the activated memories with the resonance signal, apply the
 * optional energy cut, and return the top K with pass-1 rank (null for memories that joined
 * through spreading), pass-2 rank and the explanation.
 */
export function scorePass2(input: Pass2Input): readonly RankedMemory[] {
  const poolIds = new Set(input.pool.map((c) => c.id));
  const joined = input.activated.filter((c) => !poolIds.has(c.id) && input.activations.has(c.id));
  const resonance = new Map<string, number>();
  for (const [id, node] of input.activations) resonance.set(id, node.activation);
  const scored = scoreCandidates([...input.pool, ...joined], input.context, input.weights, resonance);
  const kept = input.energy === undefined ? scored : applyEnergyCut(scored, input.energy);
  const topK = clamp(Math.floor(input.topK ?? RECALL.defaultTopK), 1, RECALL.maxTopK);
  const pass1Rank = new Map(input.pass1.map((s) => [s.id, s.rank] as const));
  return kept.slice(0, topK).map((s) => {
    const path = input.activations.get(s.id)?.path;
    return {
      id: s.id,
      score: s.score,
      rank: s.rank,
      pass1Rank: pass1Rank.get(s.id) ?? null,
      explanation: {
        weights: input.weights,
        signals: s.signals,
        weighted: s.weighted,
        pass1Rank: pass1Rank.get(s.id) ?? null,
        pass2Rank: s.rank,
        ...(path !== undefined && s.signals.resonance > 0 ? { activationPath: path } : {}),
      },
    };
  });
}

export interface InMemoryRecallInput {
  /** The seed pool. */
  readonly pool: readonly RecallCandidate[];
  /** Other memories of the agent that spreading may reach (looked up by id). */
  readonly others?: readonly RecallCandidate[];
  readonly context: RecallContext;
  readonly weights: Weights;
  readonly graph?: SpreadGraph;
  readonly spread?: Partial<SpreadOptions>;
  readonly seeds?: number;
  readonly topK?: number;
  readonly energy?: number;
}

/**
 * The whole two-pass recall over in-memory data: the reference for the service (which does
 * the spreading step in Cypher) and the engine of the behavioural tests and the benchmark.
 */
export function recallInMemory(input: InMemoryRecallInput): readonly RankedMemory[] {
  const pass1 = scorePass1(input.pool, input.context, input.weights);
  const activations: ReadonlyMap<string, ActivatedNode> =
    input.graph === undefined ? new Map() : spreadActivation(input.graph, seedsFromPass1(pass1, input.seeds), input.spread);
  return scorePass2({
    pool: input.pool,
    activated: input.others ?? [],
    activations,
    pass1,
    context: input.context,
    weights: input.weights,
    ...(input.topK !== undefined ? { topK: input.topK } : {}),
    ...(input.energy !== undefined ? { energy: input.energy } : {}),
  });
}
