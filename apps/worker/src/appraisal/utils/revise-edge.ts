import {
  affectProximity,
  clamp01,
  linkScore,
  linkType,
  marksCause,
  temporalProximity,
  type CoreAffect,
  type EdgeType,
  type LinkComponents,
} from '@limbic/affect';

/** One end of a resonance edge as link scoring sees it. */
export interface EdgeEnd {
  readonly content: string;
  readonly affect: CoreAffect;
  readonly occurredAtMs: number;
}

export interface StoredEdge {
  readonly type: EdgeType;
  readonly weight: number | null;
  /** Plain cosine between the two ends. */
  readonly cosine: number;
}

export interface EdgeVerdict {
  readonly type: EdgeType;
  readonly weight: number;
}

const AFFECTIVE_TYPES: ReadonlySet<EdgeType> = new Set(['EMOTIONAL', 'CONTRASTIVE']);
/** Weight changes smaller than this are not worth a write. */
const WEIGHT_EPSILON = 1e-9;

/**
 * Re-scores an edge of a memory whose affect the appraisal moved from `before` to `after`
 * (DESIGN §5 via libs/affect's linkScore / linkType).
 *
 * The type follows the new affect only where affect decides it: into or out of EMOTIONAL
 * or CONTRASTIVE. A SEMANTIC edge that would now score TEMPORAL keeps its type, because
 * nothing about its meaning or timing changed. The weight moves by the change of the link
 * score, not to the new score, so strengthening the edge gained since encoding is kept.
 * As at encoding, the later of the two memories is the subject: its text marks a cause and
 * the earlier one is the candidate. Returns null when nothing changes.
 */
export function reviseEdge(edge: StoredEdge, memory: { readonly before: EdgeEnd; readonly after: EdgeEnd }, other: EdgeEnd): EdgeVerdict | null {
  const scoreBefore = linkScore(components(edge.cosine, memory.before, other));
  const afterComponents = components(edge.cosine, memory.after, other);
  const memoryIsLater = memory.after.occurredAtMs >= other.occurredAtMs;
  const [subject, candidate] = memoryIsLater ? [memory.after, other] : [other, memory.after];
  const computed = linkType({
    ...afterComponents,
    valenceGap: Math.abs(memory.after.affect.valence - other.affect.valence),
    candidateIsOlder: candidate.occurredAtMs < subject.occurredAtMs,
    textMarksCause: marksCause(subject.content),
  });
  const type = computed !== edge.type && (AFFECTIVE_TYPES.has(computed) || AFFECTIVE_TYPES.has(edge.type)) ? computed : edge.type;
  const base = edge.weight ?? scoreBefore;
  const weight = clamp01(base + linkScore(afterComponents) - scoreBefore);
  if (type === edge.type && edge.weight !== null && Math.abs(weight - edge.weight) < WEIGHT_EPSILON) return null;
  return { type, weight };
}

function components(cosine: number, a: EdgeEnd, b: EdgeEnd): LinkComponents {
  return {
    cosine,
    affectProximity: affectProximity(a.affect, b.affect),
    temporalProximity: temporalProximity(a.occurredAtMs, b.occurredAtMs),
  };
}
