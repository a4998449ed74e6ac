import { Inject, Injectable } from '@nestjs/common';
import {
  learnedToArray,
  learnFromFeedback,
  QUERY_TYPES,
  SIGNAL_NAMES,
  isSignalWidth,
  signalStride,
  PROFILES,
  presetOf,
  startingWeights,
  storedLearning,
  weightsFromArray,
  type LearnedWeights,
  type QueryType,
  type SignalName,
  type Signals,
  type Weights,
} from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { FeedbackRepository, type AgentRecord, type FeedbackContext } from '@limbic/graph';
import { badInput, notFound, type ApiError } from '../common/api-error';
import { RecallEffectsDispatcher } from '../recall/services/recall-effects-dispatcher.service';
import { requireCallerId, requireRange } from '../common/validate';
import { FeedbackSignal, type FeedbackInput } from './dto/feedback.types';

export interface FeedbackOutcome {
  readonly agentId: string;
  readonly applied: boolean;
  /** The recall's query type: the one whose weights learned. */
  readonly queryType: QueryType;
  /** What a recall of that type now starts from (before mood adaptation). */
  readonly weights: Weights;
}

/**
 * Learns recall weights from feedback (DESIGN §4): w_i += η·feedback·f_i, applied to the weights
 * the recall itself used and kept as a bounded adjustment of that recall's query type (libs/affect
 * learnFromFeedback). The recall's record, written when it answered, holds those weights and
 * each returned memory's signals. One feedback per (recall, memory); a repeat changes nothing.
 */
@Injectable()
export class FeedbackService {
  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    private readonly feedback: FeedbackRepository,
    private readonly recallRecords: RecallEffectsDispatcher,
  ) {}

  async give(tenantId: string, input: FeedbackInput): Promise<FeedbackOutcome> {
    const value = feedbackValue(input);
    // Feedback sent the moment a recall answered must find the record this process is still writing.
    await this.recallRecords.recordWritten(tenantId, input.recallId);
    const outcome = await this.feedback.give(tenantId, input.recallId, input.memoryId, (context, index) => {
      const used = usedWeights(context);
      if (used === null) return null;
      return learnedToArray(learnFromFeedback(learningOf(context), used, signalsAt(context.signals, index, signalStride(context.signals.length, context.memoryIds.length)), value));
    });
    switch (outcome.kind) {
      case 'unknown-recall': {
        const days = Math.round((this.config.worker.recallRecordRetentionMs / 86_400_000) * 10) / 10;
        throw notFound(`recall ${input.recallId} (unknown, lost before it was recorded, or older than the ${days}-day retention)`);
      }
      case 'unknown-memory':
        throw badInput('memoryId', `memory ${input.memoryId} was not returned by recall ${input.recallId}`);
      case 'not-learnable':
        throw predatesWeights(input.recallId);
      case 'repeated':
      case 'applied': {
        const used = usedWeights(outcome.context);
        if (used === null) throw predatesWeights(input.recallId);
        const learned = outcome.kind === 'applied' ? storedLearning(outcome.learnedWeights, null) : learningOf(outcome.context);
        return {
          agentId: outcome.context.agentId,
          applied: outcome.kind === 'applied',
          queryType: used.queryType,
          weights: startingWeights(used.queryType, learned, presetOf(outcome.context.preset).profile),
        };
      }
    }
  }

  /** Forgets what feedback taught the agent; affect, mood, energy, goals and primed concepts stay. */
  async resetWeights(tenantId: string, agentId: string): Promise<AgentRecord> {
    requireCallerId('agentId', agentId);
    const agent = await this.feedback.resetWeights(tenantId, agentId);
    if (agent === null) throw notFound(`agent ${agentId}`);
    return agent;
  }
}

function predatesWeights(recallId: string): ApiError {
  return badInput('recallId', `recall ${recallId} was made before recalls recorded their weights; give feedback on a newer recall`);
}

function learningOf(context: FeedbackContext): LearnedWeights {
  return storedLearning(context.learnedWeights, context.legacyWeights);
}

function usedWeights(context: FeedbackContext): { queryType: QueryType; weights: Weights } | null {
  const queryType = QUERY_TYPES.find((q) => q === context.queryType);
  if (queryType === undefined || context.usedWeights === null || !isSignalWidth(context.usedWeights.length)) return null;
  return { queryType, weights: weightsFromArray(context.usedWeights, PROFILES.balanced) };
}

function feedbackValue(input: FeedbackInput): number {
  const hasSignal = input.signal !== undefined && input.signal !== null;
  const hasScore = input.score !== undefined && input.score !== null;
  if (hasSignal === hasScore) throw badInput('signal', 'give exactly one of signal or score');
  if (hasScore) return requireRange('score', input.score as number, -1, 1);
  return input.signal === FeedbackSignal.USED ? 1 : -1;
}

/** A memory's signals from the record's flat list; records of earlier versions hold fewer per memory (LEGACY_SIGNAL_COUNTS). */
function signalsAt(flat: readonly number[], index: number, stride: number): Signals {
  const out = {} as Record<SignalName, number>;
  SIGNAL_NAMES.forEach((name, k) => (out[name] = k < stride ? (flat[index * stride + k] ?? 0) : 0));
  return out;
}
