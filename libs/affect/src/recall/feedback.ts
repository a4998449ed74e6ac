import { FEEDBACK } from '../constants';
import { clamp } from '../math/scalar';
import { SIGNAL_NAMES } from '../types/recall.types';
import type { SignalName, Signals, Weights } from '../types/recall.types';
import { normaliseWeights } from './weights';

/**
 * Feedback learning (DESIGN §4): w_i += η · feedback · f_i, each weight clipped to [0, 1],
 * then renormalised. `feedback` in [−1, 1] (clamped): +1 "this memory was useful",
 * −1 "it was not"; `signals` are that memory's raw signals. If every weight would drop
 * to zero the old weights are kept.
 */
export function applyFeedback(weights: Weights, signals: Signals, feedback: number, learningRate: number = FEEDBACK.learningRate): Weights {
  const f = clamp(feedback, -1, 1);
  const next = {} as Record<SignalName, number>;
  for (const name of SIGNAL_NAMES) next[name] = clamp(weights[name] + learningRate * f * signals[name], 0, FEEDBACK.maxWeight);
  return normaliseWeights(next, weights);
}
