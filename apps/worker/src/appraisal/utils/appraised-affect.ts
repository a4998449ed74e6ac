import {
  appraisalToAffect,
  blendAppraisedAffect,
  blendGivenAffect,
  consolidationStrength,
  MOOD,
  type AppraisalVector,
  type CoreAffect,
} from '@limbic/affect';

export interface AppraisedAffect {
  readonly affect: CoreAffect;
  readonly consolidation: number;
}

/**
 * Dual-path encoding's slow half (DESIGN §3): the checks mapped to affect, blended 70 %
 * appraised / 30 % raw into an inferred affect — or, when the caller gave the affect
 * (`given`), weighed against it by the configured trust (1 keeps it as given) — and the
 * consolidation strength recomputed from the new arousal and the mood the memory was encoded
 * in (the mood baseline when the fast path stored none).
 */
export function appraisedAffect(
  raw: CoreAffect,
  checks: AppraisalVector,
  moodAtEncoding: readonly number[],
  given: { readonly trust: number } | null = null,
): AppraisedAffect {
  const appraised = appraisalToAffect(checks);
  const affect = given ? blendGivenAffect(raw, appraised, given.trust) : blendAppraisedAffect(raw, appraised);
  const moodArousal = moodAtEncoding[1] ?? MOOD.baseline.arousal;
  return { affect, consolidation: consolidationStrength(affect.arousal, moodArousal) };
}
