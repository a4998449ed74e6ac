import { Injectable } from '@nestjs/common';
import { applyFeedback, PROFILES, SIGNAL_NAMES, weightsFromArray, weightsToArray, type SignalName, type Signals, type Weights } from '@limbic/affect';
import { FeedbackRepository } from '@limbic/graph';
import { badInput, notFound } from '../common/api-error';
import { requireRange } from '../common/validate';
import { FeedbackSignal, type FeedbackInput } from './dto/feedback.types';

export interface FeedbackOutcome {
  readonly agentId: string;
  readonly applied: boolean;
  readonly weights: Weights | null;
}

/**
 * Learns recall weights from feedback (DESIGN §4): w_i += η·feedback·f_i with the signals
 * the memory had in that recall, starting from `balanced` for an agent that has learned
 * nothing yet. One feedback per (recall, memory); a repeat changes nothing.
 */
@Injectable()
export class FeedbackService {
  constructor(private readonly feedback: FeedbackRepository) {}

  async give(tenantId: string, input: FeedbackInput): Promise<FeedbackOutcome> {
    const value = feedbackValue(input);
    const outcome = await this.feedback.give(tenantId, input.recallId, input.memoryId, (context, index) => {
      const signals = signalsAt(context.signals, index);
      const current = context.weights ? weightsFromArray(context.weights, PROFILES.balanced) : PROFILES.balanced;
      return weightsToArray(applyFeedback(current, signals, value));
    });
    switch (outcome.kind) {
      case 'unknown-recall':
        throw notFound(`recall ${input.recallId} (or its effects are not processed yet)`);
      case 'unknown-memory':
        throw badInput('memoryId', `memory ${input.memoryId} was not returned by recall ${input.recallId}`);
      case 'repeated':
        return { agentId: outcome.agentId, applied: false, weights: outcome.weights ? weightsFromArray(outcome.weights, PROFILES.balanced) : null };
      case 'applied':
        return { agentId: outcome.agentId, applied: true, weights: weightsFromArray(outcome.weights, PROFILES.balanced) };
    }
  }
}

function feedbackValue(input: FeedbackInput): number {
  const hasSignal = input.signal !== undefined && input.signal !== null;
  const hasScore = input.score !== undefined && input.score !== null;
  if (hasSignal === hasScore) throw badInput('signal', 'give exactly one of signal or score');
  if (hasScore) return requireRange('score', input.score as number, -1, 1);
  return input.signal === FeedbackSignal.USED ? 1 : -1;
}

function signalsAt(flat: readonly number[], index: number): Signals {
  const out = {} as Record<SignalName, number>;
  SIGNAL_NAMES.forEach((name, k) => (out[name] = flat[index * SIGNAL_NAMES.length + k] ?? 0));
  return out;
}
