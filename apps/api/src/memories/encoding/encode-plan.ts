import {
  calibrateCosine,
  REFERENCE_COSINE_SCALE,
  chainEdgeWeight,
  affectProximity,
  affectToArray,
  consolidationStrength,
  estimateImportance,
  extractConcepts,
  initialReconsolidationState,
  interact,
  hourOfDay,
  touchSession,
  initialReviewSchedule,
  lexiconAffect,
  lerpAffect,
  momentumToArray,
  moveAffect,
  noveltyFromSimilarity,
  nudgeTowardLexicon,
  planLinks,
  STATE_PULL,
  stateAt,
  temporalProximity,
  conceptsToPrime,
  type AgentAffectState,
  type AgentPreset,
  type CoreAffect,
  type LinkCandidate,
} from '@limbic/affect';
import type { ChainMember, LinkNeighbour, LinkRow, MemoryRow, StoredMetadata } from '@limbic/graph';

/** A validated, embedded item waiting to be written. */
export interface PreparedItem {
  readonly key: string;
  readonly id: string;
  readonly externalId: string | null;
  readonly content: string;
  readonly embedding: readonly number[];
  readonly occurredAt: number;
  readonly affect: CoreAffect | null;
  readonly importance: number | null;
  readonly tags: readonly string[];
  readonly scope: string | null;
  readonly metadata: StoredMetadata;
  readonly speaker: string | null;
}

export interface EncodePlan {
  readonly memories: readonly MemoryRow[];
  readonly links: readonly LinkRow[];
  readonly unchain: readonly { from: string; to: string }[];
  readonly state: AgentAffectState;
  /** The concepts this write primes (attention residue, as a recall's query primes its own). */
  readonly primes: readonly string[];
}

/** Nearest earlier batch items considered as link candidates for each new item. */
const BATCH_CANDIDATES = 10;
/** Concepts extracted from the text, beside the explicit tags (for priming). */
const TEXT_CONCEPTS = 5;

/** What the planner needs from an item that depends on nothing the transaction reads. */
interface ItemPrep {
  readonly item: PreparedItem;
  readonly lexicon: ReturnType<typeof lexiconAffect>;
  readonly concepts: readonly string[];
  /** The most similar items earlier in the batch, best first (ids and cosines only). */
  readonly nearestEarlier: readonly { readonly id: string; readonly cosine: number }[];
}

/** The text- and vector-only part of a plan; see prepareBatch. */
export interface BatchPrep {
  /** Items in (occurredAt, id) order. */
  readonly items: readonly ItemPrep[];
}

/**
 * The CPU-heavy part of planning that needs no database read: lexicon affect, concepts and
 * in-batch nearest neighbours (≈ 0.2 s for 500 items). Split off so the encode transaction
 * can compute it while Neo4j answers the neighbour lookup instead of after it.
 */
export function prepareBatch(items: readonly PreparedItem[], cosineScale: number = REFERENCE_COSINE_SCALE): BatchPrep {
  const sorted = [...items].sort(byTime);
  // Cosines on the reference scale, like the index neighbours' (AgentVectorSearch.cosine).
  const nearest = nearestEarlier(sorted, BATCH_CANDIDATES).map((row) => row.map((n) => ({ id: n.id, cosine: calibrateCosine(n.cosine, cosineScale) })));
  return {
    items: sorted.map((item, i) => ({
      item,
      lexicon: lexiconAffect(item.content),
      concepts: [...new Set([...item.tags, ...extractConcepts(item.content, TEXT_CONCEPTS)])],
      nearestEarlier: nearest[i] ?? [],
    })),
  };
}

/**
 * Everything the encode transaction writes, computed purely from what it read: emotional
 * tags, resonance links (DESIGN §5), the temporal chain's rewiring, and the agent's new
 * state. Items are processed in (occurredAt, id) order, each seeing the earlier ones.
 */
export function planEncoding(input: {
  readonly batch: BatchPrep;
  readonly state: AgentAffectState;
  /** The agent's preset: mood inertia, energy rates and review pace. */
  readonly preset: AgentPreset;
  readonly neighbours: ReadonlyMap<string, readonly LinkNeighbour[]>;
  readonly chainWindow: readonly ChainMember[];
  readonly now: number;
  /** Calls the batch came from (AgentWriteCombiner joins concurrent ones); default 1. */
  readonly interactions?: number;
  /** The agent's IANA time zone, for each memory's hour of day; default UTC. */
  readonly timeZone?: string;
}): EncodePlan {
  const { now, preset } = input;
  let state = input.state;
  // The memories belong to the session this call counts in (a new one after an idle gap).
  const session = touchSession(state.session, now, preset.sessionGapMinutes);
  const memories: MemoryRow[] = [];
  const links: LinkRow[] = [];
  const encoded: { item: PreparedItem; affect: CoreAffect }[] = [];
  const planned = new Map<string, { affect: CoreAffect; occurredAt: number }>();
  const cosineTo = new Map<string, Map<string, number>>();

  for (const { item, lexicon, concepts, nearestEarlier } of input.batch.items) {
    const affect = item.affect ?? nudgeTowardLexicon(state.affect, lexicon);
    const mood = stateAt(state, now, preset).mood;
    const candidates: LinkCandidate[] = (input.neighbours.get(item.key) ?? []).map((n) => ({
      id: n.id,
      cosine: n.cosine,
      affect: { valence: n.valence, arousal: n.arousal, dominance: n.dominance },
      occurredAtMs: n.occurredAt,
    }));
    // Earlier batch items are already planned, so their affect is known here.
    for (const n of nearestEarlier) {
      const earlier = planned.get(n.id);
      if (earlier) candidates.push({ id: n.id, cosine: n.cosine, affect: earlier.affect, occurredAtMs: earlier.occurredAt });
    }
    cosineTo.set(item.id, new Map(candidates.map((c) => [c.id, c.cosine])));

    // Surprise raises importance: the same novelty the appraisal worker measures, so an
    // agent's first memory (no candidates) is fully new.
    let closest: number | null = null;
    for (const c of candidates) closest = closest === null ? c.cosine : Math.max(closest, c.cosine);
    const novelty = noveltyFromSimilarity(closest);
    const review = initialReviewSchedule(now, preset.reviewPace);
    const recon = initialReconsolidationState(affect);
    memories.push({
      id: item.id,
      externalId: item.externalId,
      content: item.content,
      embedding: item.embedding,
      occurredAt: item.occurredAt,
      valence: affect.valence,
      arousal: affect.arousal,
      dominance: affect.dominance,
      moodAtEncoding: affectToArray(mood),
      momentumAtEncoding: momentumToArray(state.momentum),
      consolidation: consolidationStrength(affect.arousal, mood.arousal),
      importance: item.importance ?? estimateImportance(item.content, novelty),
      tags: item.tags,
      concepts,
      expectedAffect: affectToArray(recon.expectedAffect),
      predictionRate: recon.predictionRate,
      stability: review.stability,
      nextReviewAt: review.nextReviewAtMs,
      scope: item.scope,
      metadata: item.metadata.metadata,
      metadataPairs: item.metadata.metadataPairs,
      affectGiven: item.affect !== null,
      hourOfDay: hourOfDay(item.occurredAt, input.timeZone),
      sessionStartedAt: session.startedAtMs,
      speaker: item.speaker,
    });
    for (const l of planLinks({ content: item.content, affect, occurredAtMs: item.occurredAt }, candidates)) {
      links.push({ from: l.targetId, to: item.id, type: l.type, weight: l.weight, chain: false });
    }
    // Each experience pulls core affect a little toward its own affect (DESIGN §3).
    state = moveAffect(state, lerpAffect(state.affect, affect, STATE_PULL.encode), now, preset.moodInertia);
    encoded.push({ item, affect });
    planned.set(item.id, { affect, occurredAt: item.occurredAt });
  }
  // One call is one interaction: a batch of 500 costs the energy of one encode, not 500; ten
  // single encodes written together cost ten.
  for (let i = 0; i < (input.interactions ?? 1); i++) state = interact(state, now, preset.energy, preset.sessionGapMinutes);

  const chain = rewireChain(input.chainWindow, encoded, cosineTo);
  const chained = new Set(chain.create.map((c) => pairKey(c.from, c.to)));
  // The chain edge is the TEMPORAL link between neighbours in time; never a second one.
  const kept = links.filter((l) => !(l.type === 'TEMPORAL' && chained.has(pairKey(l.from, l.to))));
  const primes = conceptsToPrime(input.batch.items.map((i) => i.concepts));
  return { memories, links: [...kept, ...chain.create], unchain: chain.remove, state, primes };
}

/**
 * Dot product of two rows of `packed`, four running sums: V8 keeps them in registers and the
 * loop does a quarter of the bound checks and branches. The batch's pairwise comparisons
 * (≈ 125,000 × 384 for 500 items) took ≈ 150 ms of a 500-item encodeBatch with one sum,
 * ≈ 55 ms with four. The sum order differs from a plain loop's only in the last bits.
 */
function dot(packed: Float64Array, a: number, b: number, dim: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dim; d += 4) {
    s0 += (packed[a + d] as number) * (packed[b + d] as number);
    s1 += (packed[a + d + 1] as number) * (packed[b + d + 1] as number);
    s2 += (packed[a + d + 2] as number) * (packed[b + d + 2] as number);
    s3 += (packed[a + d + 3] as number) * (packed[b + d + 3] as number);
  }
  for (; d < dim; d++) s0 += (packed[a + d] as number) * (packed[b + d] as number);
  return s0 + s1 + (s2 + s3);
}

/**
 * For each item (already in time order), the k most similar items before it. Embedders
 * return unit vectors, so cosine is a dot product. The vectors are packed into one array:
 * 500 items are 125,000 dot products, and per-pair map lookups and boxed numbers would
 * cost more than the arithmetic. A bounded insertion keeps the top k without sorting all.
 */
function nearestEarlier(sorted: readonly PreparedItem[], k: number): { id: string; cosine: number }[][] {
  const dim = sorted[0]?.embedding.length ?? 0;
  const packed = new Float64Array(sorted.length * dim);
  const usable = sorted.map((item, i) => {
    if (item.embedding.length !== dim) return false;
    packed.set(item.embedding, i * dim);
    return true;
  });
  const result: { id: string; cosine: number }[][] = [];
  for (let i = 0; i < sorted.length; i++) {
    const best: { index: number; cosine: number }[] = [];
    if (usable[i]) {
      const vi = i * dim;
      for (let j = 0; j < i; j++) {
        if (!usable[j]) continue;
        const cosine = dot(packed, vi, j * dim, dim);
        if (best.length === k && cosine <= (best[k - 1] as { cosine: number }).cosine) continue;
        let at = best.length;
        while (at > 0 && (best[at - 1] as { cosine: number }).cosine < cosine) at--;
        best.splice(at, 0, { index: j, cosine });
        if (best.length > k) best.pop();
      }
    }
    result.push(best.map((b) => ({ id: (sorted[b.index] as PreparedItem).id, cosine: b.cosine })));
  }
  return result;
}

interface Timed {
  readonly id: string;
  readonly occurredAt: number;
  readonly affect: CoreAffect;
  readonly isNew: boolean;
}

/**
 * The agent's memories form one chain of TEMPORAL {chain: true} edges in (occurredAt, id)
 * order. New memories are spliced in: pairs they separate lose their edge; every adjacent
 * pair with a new member gets one (weight: chainEdgeWeight).
 */
function rewireChain(
  window: readonly ChainMember[],
  encoded: readonly { item: PreparedItem; affect: CoreAffect }[],
  cosineTo: ReadonlyMap<string, ReadonlyMap<string, number>>,
): { create: LinkRow[]; remove: { from: string; to: string }[] } {
  const old: Timed[] = window
    .map((m) => ({ id: m.id, occurredAt: m.occurredAt, affect: { valence: m.valence, arousal: m.arousal, dominance: m.dominance }, isNew: false }))
    .sort(byTime);
  const merged: Timed[] = [...old, ...encoded.map((e) => ({ id: e.item.id, occurredAt: e.item.occurredAt, affect: e.affect, isNew: true }))].sort(byTime);
  const position = new Map(merged.map((m, i) => [m.id, i]));

  const remove: { from: string; to: string }[] = [];
  for (let i = 0; i + 1 < old.length; i++) {
    const a = old[i] as Timed;
    const b = old[i + 1] as Timed;
    if ((position.get(b.id) ?? 0) - (position.get(a.id) ?? 0) > 1) remove.push({ from: a.id, to: b.id });
  }
  const create: LinkRow[] = [];
  for (let i = 0; i + 1 < merged.length; i++) {
    const a = merged[i] as Timed;
    const b = merged[i + 1] as Timed;
    if (!a.isNew && !b.isNew) continue;
    const cosine = cosineTo.get(b.id)?.get(a.id) ?? cosineTo.get(a.id)?.get(b.id) ?? 0;
    const weight = chainEdgeWeight({
      cosine,
      affectProximity: affectProximity(a.affect, b.affect),
      temporalProximity: temporalProximity(a.occurredAt, b.occurredAt),
    });
    create.push({ from: a.id, to: b.id, type: 'TEMPORAL', weight, chain: true, gapMs: Math.abs(b.occurredAt - a.occurredAt) });
  }
  return { create, remove };
}

function byTime(x: { occurredAt: number; id: string }, y: { occurredAt: number; id: string }): number {
  return x.occurredAt - y.occurredAt || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
