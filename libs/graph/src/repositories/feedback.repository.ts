import { Injectable } from '@nestjs/common';
import type { AgentRecord } from '../model';
import { Neo4jExecutor } from '../neo4j-executor';
import { parseAgent } from '../record-parsers';
import { numList, str, strList, toPlain } from '../records';

type Row = Record<string, unknown>;

export interface FeedbackContext {
  readonly agentId: string;
  /** The recall's returned memories, best first. */
  readonly memoryIds: readonly string[];
  /** Their raw signals, flat, one SIGNAL_NAMES list per memory (12 on records from before temporal state). */
  readonly signals: readonly number[];
  /** Memories of this recall that already got feedback. */
  readonly feedbackOn: readonly string[];
  /** The weights the recall used and its query type; null on records from before recalls kept them. */
  readonly usedWeights: readonly number[] | null;
  readonly queryType: string | null;
  /** The agent's learning per query type, or null when it has none stored. */
  readonly learnedWeights: readonly number[] | null;
  /** Absolute weights learned before learning was per query type, or null. */
  readonly legacyWeights: readonly number[] | null;
  /** The agent's preset (its profile is the start of open queries). */
  readonly preset: string;
}

export type FeedbackOutcome =
  | { readonly kind: 'unknown-recall' }
  | { readonly kind: 'unknown-memory'; readonly agentId: string }
  | { readonly kind: 'not-learnable'; readonly agentId: string }
  | { readonly kind: 'repeated'; readonly context: FeedbackContext }
  | { readonly kind: 'applied'; readonly context: FeedbackContext; readonly learnedWeights: readonly number[] };

@Injectable()
export class FeedbackRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /**
   * Loads the recall's record under the agent's lock, lets `learn` compute the agent's new
   * learning (pure: the transaction may be retried; null when the record cannot teach
   * anything) and stores it, once per (recall, memory).
   */
  give(
    tenantId: string,
    recallId: string,
    memoryId: string,
    learn: (context: FeedbackContext, memoryIndex: number) => readonly number[] | null,
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
        usedWeights: Array.isArray(r.usedWeights) ? numList(r.usedWeights) : null,
        queryType: str(r.queryType),
        learnedWeights: Array.isArray(r.learnedWeights) ? numList(r.learnedWeights) : null,
        legacyWeights: Array.isArray(r.legacyWeights) ? numList(r.legacyWeights) : null,
        preset: typeof r.preset === 'string' ? r.preset : 'agent',
      };
      const index = context.memoryIds.indexOf(memoryId);
      if (index < 0) return { kind: 'unknown-memory', agentId: context.agentId };
      if (context.feedbackOn.includes(memoryId)) return { kind: 'repeated', context };
      const learned = learn(context, index);
      if (learned === null) return { kind: 'not-learnable', agentId: context.agentId };
      await tx.run('feedback.apply', { tenantId, agentId: context.agentId, recallId, memoryId, learned });
      return { kind: 'applied', context, learnedWeights: learned };
    }, tenantId);
  }

  /** Forgets the agent's learned weights and nothing else; null when there is no such agent. */
  async resetWeights(tenantId: string, agentId: string): Promise<AgentRecord | null> {
    const [row] = await this.db.write<Row>('agent.reset-weights', { tenantId, agentId });
    return row ? parseAgent(row.agent) : null;
  }
}
