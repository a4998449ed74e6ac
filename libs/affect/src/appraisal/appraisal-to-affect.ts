import { APPRAISAL_BLEND, APPRAISAL_TO_AFFECT } from '../constants';
import { clamp } from '../math/scalar';
import { clampAffect, lerpAffect } from '../dynamics/affect-space';
import type { AppraisalVector, CoreAffect } from '../types/affect.types';

/** Clamps each check to its range: novelty, conduciveness, norm [−1,1]; coping, self [0,1]. */
export function clampAppraisal(x: AppraisalVector): AppraisalVector {
  return {
    novelty: clamp(x.novelty, -1, 1),
    goalConduciveness: clamp(x.goalConduciveness, -1, 1),
    copingPotential: clamp(x.copingPotential, 0, 1),
    normCompatibility: clamp(x.normCompatibility, -1, 1),
    selfRelevance: clamp(x.selfRelevance, 0, 1),
  };
}

/**
 * Scherer's checks → (v, a, d), DESIGN §3:
 *   v = .4805·conduciveness + .1862·norm + .1643·(2·coping − 1) + .0179·novelty
 *   a = .3694·|novelty| + .1357·(1 − coping) + .2208·self + .1399
 *   d = coping
 */
export function appraisalToAffect(appraisal: AppraisalVector): CoreAffect {
  const x = clampAppraisal(appraisal);
  const v = APPRAISAL_TO_AFFECT.valence;
  const a = APPRAISAL_TO_AFFECT.arousal;
  return clampAffect({
    valence:
      v.conduciveness * x.goalConduciveness +
      v.norm * x.normCompatibility +
      v.coping * (2 * x.copingPotential - 1) +
      v.novelty * x.novelty,
    arousal: a.absNovelty * Math.abs(x.novelty) + a.lackOfCoping * (1 - x.copingPotential) + a.selfRelevance * x.selfRelevance + a.intercept,
    dominance: x.copingPotential,
  });
}

/** Slow path of dual-path encoding: 70 % appraised + 30 % raw, per coordinate. */
export function blendAppraisedAffect(raw: CoreAffect, appraised: CoreAffect): CoreAffect {
  return clampAffect(lerpAffect(raw, appraised, APPRAISAL_BLEND.appraisedShare));
}

/**
 * The slow path's affect for a memory whose affect the caller gave at encode: the caller's
 * value weighted by `trust` in [0, 1], the appraisal by the rest. Trust 1 (the default,
 * APPRAISAL_BLEND.givenAffectTrust) keeps the given affect exactly; trust 0.3 treats it like
 * an inferred one (DESIGN's 70 % appraised / 30 % raw).
 */
export function blendGivenAffect(given: CoreAffect, appraised: CoreAffect, trust: number = APPRAISAL_BLEND.givenAffectTrust): CoreAffect {
  const t = Number.isFinite(trust) ? Math.min(1, Math.max(0, trust)) : APPRAISAL_BLEND.givenAffectTrust;
  if (t === 1) return clampAffect(given);
  return clampAffect(lerpAffect(appraised, given, t));
}

/** Valence and arousal only (what the lexicon appraiser yields). */
export interface ValenceArousal {
  readonly valence: number;
  readonly arousal: number;
}

/**
 * Slow-path blend of valence and arousal: the appraised share is 0.7 × confidence, so a
 * fully confident appraisal gives DESIGN's 70 % appraised / 30 % raw and an appraiser that
 * found nothing (confidence 0) leaves the raw affect untouched.
 */
export function blendAppraisal(raw: ValenceArousal, appraised: ValenceArousal, confidence = 1): ValenceArousal {
  const share = APPRAISAL_BLEND.appraisedShare * clamp(confidence, 0, 1);
  return {
    valence: clamp(raw.valence + (appraised.valence - raw.valence) * share, -1, 1),
    arousal: clamp(raw.arousal + (appraised.arousal - raw.arousal) * share, 0, 1),
  };
}
