import {
  chainEdgeWeight,
  affectProximity,
  affectToArray,
  consolidationStrength,
  estimateImportance,
  extractConcepts,
  initialReconsolidationState,
  interact,
  initialReviewSchedule,
  lexiconAffect,
  lerpAffect,
  momentumToArray,
  moveAffect,
  nudgeTowardLexicon,
  planLinks,
  STATE_PULL,
  stateAt,
  temporalProximity,
  type AgentAffectState,
  type CoreAffect,
  type LinkCandidate,
} from '@limbic/affect';
import type { ChainMember, LinkNeighbour, LinkRow, MemoryRow } from '@limbic/graph';

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
}

export interface EncodePlan {
  readonly memories: readonly MemoryRow[];
  readonly links: readonly LinkRow[];
  readonly unchain: readonly { from: string; to: string }[];
  readonly state: AgentAffectState;
}

/** Nearest earlier batch items considered as link candidates for each new item. */
const BATCH_CANDIDATES = 10;
/** Concepts extracted from the text, beside the explicit tags (for priming). */
const TEXT_CONCEPTS = 5;

/**
 * Everything the encode transaction writes, computed purely from what it read: emotional
 * tags, resonance links (DESIGN §5), the temporal chain's rewiring, and the agent's new
 * state. Items are processed in (occurredAt, id) order, each seeing the earlier ones.
 */
export function planEncoding(input: {
  readonly items: readonly PreparedItem[];
  readonly state: AgentAffectState;
  readonly moodInertia: number;
  readonly neighbours: ReadonlyMap<string, readonly LinkNeighbour[]>;
  readonly chainWindow: readonly ChainMember[];
  readonly now: number;
}): EncodePlan {
  const { now, moodInertia } = input;
  const sorted = [...input.items].sort(byTime);
  let state = input.state;
  const memories: MemoryRow[] = [];
  const links: LinkRow[] = [];
  const encoded: { item: PreparedItem; affect: CoreAffect }[] = [];
  const cosineTo = new Map<string, Map<string, number>>();
  // Packed copies for the batch's pairwise similarities (the hot loop of a 500-item batch).
  const vectors = new Map(sorted.map((i) => [i.id, Float64Array.from(i.embedding)] as const));

  for (const item of sorted) {
    const affect = item.affect ?? nudgeTowardLexicon(state.affect, lexiconAffect(item.content));
    const mood = stateAt(state, now, moodInertia).mood;
    const candidates: LinkCandidate[] = (input.neighbours.get(item.key) ?? []).map((n) => ({
      id: n.id,
      cosine: n.cosine,
      affect: { valence: n.valence, arousal: n.arousal, dominance: n.dominance },
      occurredAtMs: n.occurredAt,
    }));
    const fromBatch = nearestEarlier(item, encoded, vectors, BATCH_CANDIDATES);
    const all = [...candidates, ...fromBatch];
    cosineTo.set(item.id, new Map(all.map((c) => [c.id, c.cosine])));

    // Surprise raises importance: 1 − similarity to the closest thing already known.
    const novelty = all.length > 0 ? Math.max(0, 1 - Math.max(...all.map((c) => c.cosine))) : 0;
    const review = initialReviewSchedule(now);
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
      concepts: [...new Set([...item.tags, ...extractConcepts(item.content, TEXT_CONCEPTS)])],
      expectedAffect: affectToArray(recon.expectedAffect),
      predictionRate: recon.predictionRate,
      stability: review.stability,
      nextReviewAt: review.nextReviewAtMs,
    });
    for (const l of planLinks({ content: item.content, affect, occurredAtMs: item.occurredAt }, all)) {
      links.push({ from: l.targetId, to: item.id, type: l.type, weight: l.weight, chain: false });
    }
    // Each experience pulls core affect a little toward its own affect (DESIGN §3).
    state = moveAffect(state, lerpAffect(state.affect, affect, STATE_PULL.encode), now, moodInertia);
    encoded.push({ item, affect });
  }
  // One call is one interaction: a batch of 500 costs the energy of one encode, not 500.
  state = interact(state, now);

  const chain = rewireChain(input.chainWindow, encoded, cosineTo);
  const chained = new Set(chain.create.map((c) => pairKey(c.from, c.to)));
  // The chain edge is the TEMPORAL link between neighbours in time; never a second one.
  const kept = links.filter((l) => !(l.type === 'TEMPORAL' && chained.has(pairKey(l.from, l.to))));
  return { memories, links: [...kept, ...chain.create], unchain: chain.remove, state };
}

/**
 * The k most similar items encoded earlier in this batch. Embedders return unit vectors,
 * so cosine is a dot product; a bounded insertion keeps the top k without sorting all.
 */
function nearestEarlier(
  item: PreparedItem,
  encoded: readonly { item: PreparedItem; affect: CoreAffect }[],
  vectors: ReadonlyMap<string, Float64Array>,
  k: number,
): LinkCandidate[] {
  const v = vectors.get(item.id);
  if (!v || encoded.length === 0) return [];
  const best: { e: { item: PreparedItem; affect: CoreAffect }; cosine: number }[] = [];
  for (const e of encoded) {
    const w = vectors.get(e.item.id);
    if (!w || w.length !== v.length) continue;
    let cosine = 0;
    for (let d = 0; d < v.length; d++) cosine += (v[d] as number) * (w[d] as number);
    if (best.length === k && cosine <= (best[k - 1] as { cosine: number }).cosine) continue;
    let at = best.length;
    while (at > 0 && (best[at - 1] as { cosine: number }).cosine < cosine) at--;
    best.splice(at, 0, { e, cosine });
    if (best.length > k) best.pop();
  }
  return best.map(({ e, cosine }) => ({ id: e.item.id, cosine, affect: e.affect, occurredAtMs: e.item.occurredAt }));
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
    create.push({ from: a.id, to: b.id, type: 'TEMPORAL', weight, chain: true });
  }
  return { create, remove };
}

function byTime(x: { occurredAt: number; id: string }, y: { occurredAt: number; id: string }): number {
  return x.occurredAt - y.occurredAt || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
