import { Injectable } from '@nestjs/common';
import { Neo4jExecutor } from '../neo4j-executor';
import { numList, strList, toPlain } from '../records';

type Row = Record<string, unknown>;

export interface FeedbackContext {
  readonly agentId: string;
  /** The recall's returned memories, best first. */
  readonly memoryIds: readonly string[];
  /** Their raw signals, flat, 12 per memory. */
  readonly signals: readonly number[];
  /** Memories of this recall that already got feedback. */
  readonly feedbackOn: readonly string[];
  /** The agent's learned weights, or null when it has learned nothing yet. */
  readonly weights: readonly number[] | null;
}

export type FeedbackOutcome =
  | { readonly kind: 'unknown-recall' }
  | { readonly kind: 'unknown-memory'; readonly agentId: string }
  | { readonly kind: 'repeated'; readonly agentId: string; readonly weights: readonly number[] | null }
  | { readonly kind: 'applied'; readonly agentId: string; readonly weights: readonly number[] };

@Injectable()
export class FeedbackRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /**
   * Loads the recall's record under the agent's lock, lets `learn` compute the new weights
   * (pure: the transaction may be retried) and stores them, once per (recall, memory).
   */
  give(
    tenantId: string,
    recallId: string,
    memoryId: string,
    learn: (context: FeedbackContext, memoryIndex: number) => readonly number[],
  ): Promise<FeedbackOutcome> {
    return this.db.writeTx('feedback', async (tx): Promise<FeedbackOutcome> => {
      const [row] = await tx.run<Row>('feedback.load', { tenantId, recallId });
      if (!row) return { kind: 'unknown-recall' };
      const r = toPlain(row) as Row;
      const context: FeedbackContext = {
        agentId: String(r.agentId),
        memoryIds: strList(r.memoryIds),
        signals: numList(r.signals),
        feedbackOn: strList(r.feedbackOn),
        weights: Array.isArray(r.weights) ? numList(r.weights) : null,
      };
      const index = context.memoryIds.indexOf(memoryId);
      if (index < 0) return { kind: 'unknown-memory', agentId: context.agentId };
      if (context.feedbackOn.includes(memoryId)) return { kind: 'repeated', agentId: context.agentId, weights: context.weights };
      const weights = learn(context, index);
      await tx.run('feedback.apply', { tenantId, agentId: context.agentId, recallId, memoryId, weights });
      return { kind: 'applied', agentId: context.agentId, weights };
    }, tenantId);
  }
}
