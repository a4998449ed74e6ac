import { CONSOLIDATION } from '../constants';
import { clamp } from '../math/scalar';

/**
 * Inverted U of arousal at encoding (DESIGN §3):
 *   e = 0.7·a + 0.3·mood.a;  c = clamp(1 − 4(e − 0.7)², 0.1, 1).
 * Peaks at e = 0.7; both calm and panicked encodings consolidate less.
 */
export function consolidationStrength(arousal: number, moodArousal: number): number {
  const effective = CONSOLIDATION.ownArousalShare * clamp(arousal, 0, 1) + CONSOLIDATION.moodArousalShare * clamp(moodArousal, 0, 1);
  const offPeak = effective - CONSOLIDATION.peakArousal;
  return clamp(1 - CONSOLIDATION.curvature * offPeak * offPeak, CONSOLIDATION.min, CONSOLIDATION.max);
}
