import { RECALL, SPREADING } from '../constants';
import { spreadActivation } from '../graph/spreading-activation';
import { clamp, compareStrings } from '../math/scalar';
import type { ActivatedNode, SpreadGraph, SpreadOptions, SpreadSeed } from '../types/graph.types';
import type { RankedMemory, RecallCandidate, RecallContext, ScoredCandidate, Signals, Weights } from '../types/recall.types';
import { candidateScale, computeSignals, prepareContext } from './compute-signals';
import { applyEnergyCut } from './energy-effects';
import { weightedScore, weightedSignals } from './weights';

function byScoreThenId(x: { readonly id: string; readonly score: number }, y: { readonly id: string; readonly score: number }): number {
  return y.score - x.score || compareStrings(x.id, y.id);
}

/**
 * Scores and ranks candidates: signals (resonance from `resonance` by id, else 0; semantic
 * and lexical relative to these candidates, candidateScale), score Σ w_i·f_i, sorted by score desc then id asc, ranks 1-based. Independent of candidate
 * order. Ids should be unique; a repeated id keeps its best-scoring entry.
 */
export function scoreCandidates(
  candidates: readonly RecallCandidate[],
  context: RecallContext,
  weights: Weights,
  resonance?: ReadonlyMap<string, number>,
): readonly ScoredCandidate[] {
  const prepared = prepareContext(context);
  const scale = candidateScale(candidates);
  const byId = new Map<string, { id: string; score: number; signals: Signals; rank: number }>();
  for (const candidate of candidates) {
    const signals = computeSignals(candidate, prepared, scale, resonance?.get(candidate.id));
    const score = weightedScore(signals, weights);
    const previous = byId.get(candidate.id);
    if (previous === undefined || score > previous.score) byId.set(candidate.id, { id: candidate.id, score, signals, rank: 0 });
  }
  const ranked = [...byId.values()].sort(byScoreThenId);
  return ranked.map((s, i) => ({ id: s.id, score: s.score, signals: s.signals, weighted: weightedSignals(s.signals, weights), rank: i + 1 }));
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

/**
 * The activations pass 2 scores with: the spread's (each node's strongest walk from a seed
 * other than itself), where each seed also counts a walk of no edge, seedSelfShare of its own
 * activation, when that is stronger. A seed's neighbours get at most its activation × an
 * edge's strength, so without it the best match could fall behind the memory next to it on
 * resonance alone.
 */
export function withSeedActivation(
  activations: ReadonlyMap<string, ActivatedNode>,
  seeds: readonly SpreadSeed[],
  share: number = SPREADING.seedSelfShare,
): ReadonlyMap<string, ActivatedNode> {
  const out = new Map(activations);
  for (const seed of seeds) {
    const own = clamp(share, 0, 1) * clamp(seed.activation, 0, 1);
    const walked = out.get(seed.id);
    if (own > 0 && (walked === undefined || walked.activation < own)) out.set(seed.id, { id: seed.id, activation: own, seedId: seed.id, path: [seed.id], edgeTypes: [] });
  }
  return out;
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

export interface Pass2Outcome {
  readonly ranked: readonly RankedMemory[];
  /**
   * How many memories the energy cut removed from the top K: the results the same recall
   * would have returned at full energy (0 when no cut applied).
   */
  readonly energyCut: number;
}

/**
 * Pass 2: rescore the pool plus the activated memories with the resonance signal, apply the
 * optional energy cut, and return the top K with pass-1 rank (null for memories that joined
 * through spreading), pass-2 rank and the explanation.
 */
export function scorePass2(input: Pass2Input): readonly RankedMemory[] {
  return rankPass2(input).ranked;
}

/** scorePass2, also saying how many of the top K the energy cut removed. */
export function rankPass2(input: Pass2Input): Pass2Outcome {
  const poolIds = new Set(input.pool.map((c) => c.id));
  const joined = input.activated.filter((c) => !poolIds.has(c.id) && input.activations.has(c.id));
  const resonance = new Map<string, number>();
  for (const [id, node] of input.activations) resonance.set(id, node.activation);
  const scored = scoreCandidates([...input.pool, ...joined], input.context, input.weights, resonance);
  const kept = input.energy === undefined ? scored : applyEnergyCut(scored, input.energy);
  const topK = clamp(Math.floor(input.topK ?? RECALL.defaultTopK), 1, RECALL.maxTopK);
  const pass1Rank = new Map(input.pass1.map((s) => [s.id, s.rank] as const));
  // The cut keeps a prefix of the ranking (every score above a threshold), so what it took
  // from the top K is the difference in length.
  const energyCut = Math.min(topK, scored.length) - Math.min(topK, kept.length);
  const ranked = kept.slice(0, topK).map((s) => {
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
  return { ranked, energyCut };
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
  const seeds = seedsFromPass1(pass1, input.seeds);
  const activations: ReadonlyMap<string, ActivatedNode> =
    input.graph === undefined ? new Map() : withSeedActivation(spreadActivation(input.graph, seeds, input.spread), seeds);
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
