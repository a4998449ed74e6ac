import { LINKING } from '../constants';
import { CAUSE_CUES } from '../cue-words';
import { affectProximity } from '../dynamics/affect-space';
import { clamp01, compareStrings, halfLifeFactor } from '../math/scalar';
import { elapsedHours } from '../math/time';
import { countCues, tokenize } from '../text/tokens';
import type { CoreAffect } from '../types/affect.types';
import type { EdgeType } from '../types/graph.types';

/** 0.5^(|Δt| / 1 h): 1 at the same instant, 0.5 an hour apart. */
export function temporalProximity(aMs: number, bMs: number): number {
  return halfLifeFactor(elapsedHours(Math.min(aMs, bMs), Math.max(aMs, bMs)), LINKING.temporalHalfLifeHours);
}

export interface LinkComponents {
  /** cosine(new, candidate), clamped to [0, 1] in the score. */
  readonly cosine: number;
  readonly affectProximity: number;
  readonly temporalProximity: number;
}

/** Link score = 0.5·cosine + 0.3·affect proximity + 0.2·temporal proximity (DESIGN §5). */
export function linkScore(c: LinkComponents): number {
  return LINKING.cosineShare * clamp01(c.cosine) + LINKING.affectShare * clamp01(c.affectProximity) + LINKING.temporalShare * clamp01(c.temporalProximity);
}

/** True when the text marks a cause ("because", "so", "therefore" …). */
export function marksCause(text: string): boolean {
  return countCues(tokenize(text), CAUSE_CUES) > 0;
}

export interface LinkTypeInput extends LinkComponents {
  /** |valence(new) − valence(candidate)|. */
  readonly valenceGap: number;
  /** The candidate happened before the new memory. */
  readonly candidateIsOlder: boolean;
  /** The new memory's text marks a cause. */
  readonly textMarksCause: boolean;
}

/**
 * Edge type at encoding (DESIGN §5), first that applies:
 *  CONTRASTIVE — close in time (temporal proximity > 0.7) and valence differs by > 1;
 *  CAUSAL      — the candidate is older, close in time (> 0.7), and either similar
 *                (cosine > 0.6) or the new text marks a cause. DESIGN's sentence can be
 *                read with the text marker standing alone; it cannot stand alone in
 *                practice: "so" and "since" are in a third of conversational turns, and a
 *                cue in today's text says nothing about a similar memory from last month
 *                (on LoCoMo that reading made CAUSAL the most common edge type);
 *  otherwise the largest weighted component of the link score: SEMANTIC (0.5·cosine),
 *  EMOTIONAL (0.3·affect proximity), TEMPORAL (0.2·temporal proximity); ties in that order.
 * Weighted, not raw: raw affect proximity is high for most pairs and would swamp the rest.
 */
export function linkType(x: LinkTypeInput): EdgeType {
  const close = x.temporalProximity > LINKING.closeInTime;
  if (close && x.valenceGap > LINKING.contrastiveValenceGap) return 'CONTRASTIVE';
  if (x.candidateIsOlder && close && (x.cosine > LINKING.similar || x.textMarksCause)) return 'CAUSAL';
  const semantic = LINKING.cosineShare * clamp01(x.cosine);
  const emotional = LINKING.affectShare * clamp01(x.affectProximity);
  const temporal = LINKING.temporalShare * clamp01(x.temporalProximity);
  if (semantic >= emotional && semantic >= temporal) return 'SEMANTIC';
  return emotional >= temporal ? 'EMOTIONAL' : 'TEMPORAL';
}

export interface LinkSubject {
  readonly content: string;
  readonly affect: CoreAffect;
  readonly occurredAtMs: number;
}

export interface LinkCandidate {
  readonly id: string;
  /** cosine(new memory, candidate). */
  readonly cosine: number;
  readonly affect: CoreAffect;
  readonly occurredAtMs: number;
}

export interface PlannedLink {
  readonly targetId: string;
  readonly type: EdgeType;
  /** The edge's initial weight: the link score. */
  readonly weight: number;
}

function assess(subject: LinkSubject, candidate: LinkCandidate, causeMarked: boolean): PlannedLink {
  const components: LinkComponents = {
    cosine: candidate.cosine,
    affectProximity: affectProximity(subject.affect, candidate.affect),
    temporalProximity: temporalProximity(subject.occurredAtMs, candidate.occurredAtMs),
  };
  return {
    targetId: candidate.id,
    weight: linkScore(components),
    type: linkType({
      ...components,
      valenceGap: Math.abs(subject.affect.valence - candidate.affect.valence),
      candidateIsOlder: candidate.occurredAtMs < subject.occurredAtMs,
      textMarksCause: causeMarked,
    }),
  };
}

/**
 * The resonance edges of a new memory (DESIGN §5): score every candidate (nearest
 * neighbours and the predecessor), keep those with score ≥ 0.3, the best 5 (score desc,
 * id asc), typed by linkType; then make sure there is a TEMPORAL edge to the predecessor
 * (weight: chainEdgeWeight).
 * Duplicate candidate ids count once.
 */
export function planLinks(subject: LinkSubject, candidates: readonly LinkCandidate[], predecessor?: LinkCandidate): readonly PlannedLink[] {
  const causeMarked = marksCause(subject.content);
  const unique = new Map<string, LinkCandidate>();
  for (const c of candidates) if (!unique.has(c.id)) unique.set(c.id, c);
  const links = [...unique.values()]
    .map((c) => assess(subject, c, causeMarked))
    .filter((l) => l.weight >= LINKING.minScore)
    .sort((x, y) => y.weight - x.weight || compareStrings(x.targetId, y.targetId))
    .slice(0, LINKING.maxLinks);
  if (predecessor === undefined || links.some((l) => l.targetId === predecessor.id && l.type === 'TEMPORAL')) return links;
  return [
    ...links,
    {
      targetId: predecessor.id,
      type: 'TEMPORAL',
      weight: chainEdgeWeight({
        cosine: predecessor.cosine,
        affectProximity: affectProximity(subject.affect, predecessor.affect),
        temporalProximity: temporalProximity(subject.occurredAtMs, predecessor.occurredAtMs),
      }),
    },
  ];
}

/**
 * Weight of the timeline edge between neighbours in time: their link score, raised to their
 * temporal proximity when that is higher, never below 0.1 so the timeline survives pruning.
 * chosen: memories minutes apart are one episode — a question and its answer, an event and
 * what followed — whatever their words; on LoCoMo the turn next to the one a query matches is
 * often the evidence, and recall reaches it by spreading along this edge.
 */
export function chainEdgeWeight(c: LinkComponents): number {
  return Math.max(LINKING.predecessorMinWeight, linkScore(c), clamp01(c.temporalProximity));
}
