import { MOMENTUM, SIGNALS } from '../../constants';
import { affectProximity } from '../../dynamics/affect-space';
import { momentumMagnitude } from '../../dynamics/momentum';
import { clamp01, sign } from '../../math/scalar';
import type { CoreAffect, Momentum, Mood } from '../../types/affect.types';

/** moodCongruence = 1 − ‖mood now − mood at encoding‖ / √6. */
export function moodCongruenceSignal(moodNow: Mood, moodAtEncoding: Mood): number {
  return affectProximity(moodNow, moodAtEncoding);
}

/** affectProximity = 1 − ‖affect now (or query affect) − memory affect‖ / √6. */
export function affectProximitySignal(reference: CoreAffect, memoryAffect: CoreAffect): number {
  return affectProximity(reference, memoryAffect);
}

/** momentumAlignment = (cos(now, at encoding) + 1) / 2; 0.5 when either norm < 0.01/h. */
export function momentumAlignmentSignal(now: Momentum, atEncoding: Momentum | undefined): number {
  if (atEncoding === undefined) return 0.5;
  const normNow = momentumMagnitude(now);
  const normThen = momentumMagnitude(atEncoding);
  if (normNow < MOMENTUM.epsilonPerHour || normThen < MOMENTUM.epsilonPerHour) return 0.5;
  const cos = (now.dv * atEncoding.dv + now.da * atEncoding.da + now.dd * atEncoding.dd) / (normNow * normThen);
  return clamp01((cos + 1) / 2);
}

/**
 * emotionalIntensity = |v| · a · (1 + 0.1·sign(v)), clamped to [0, 1]: strong feelings
 * stand out, positive ones a little more (the clamp only bites at |v| = a ≈ 1).
 */
export function emotionalIntensitySignal(affect: CoreAffect): number {
  return clamp01(Math.abs(affect.valence) * clamp01(affect.arousal) * (1 + SIGNALS.emotionalIntensity.positivityBonus * sign(affect.valence)));
}
