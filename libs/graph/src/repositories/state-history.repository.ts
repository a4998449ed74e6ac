import { Inject, Injectable } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { Neo4jExecutor, type TxRunner } from '../neo4j-executor';
import { num, numList, toPlain } from '../records';

/** What changed the agent's state; stored on its sample (the last one, when coalesced). */
export const STATE_CAUSES = ['CREATE', 'OBSERVE', 'FEELING', 'ENCODE', 'RECALL', 'RESET'] as const;
export type StateCause = (typeof STATE_CAUSES)[number];

export interface StateSampleRecord {
  readonly at: number;
  readonly affect: readonly [number, number, number];
  readonly mood: readonly [number, number, number];
  readonly energy: number;
  readonly cause: StateCause;
}

/**
 * The bounded state history each agent keeps (:StateSample nodes). Every write of an agent's
 * state records it in the same transaction, so the history never shows a state that was
 * rolled back, and never misses one that was kept.
 */
@Injectable()
export class StateHistoryRepository {
  constructor(
    private readonly db: Neo4jExecutor,
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
  ) {}

  /** Records the agent's state as the transaction has just written it. */
  async record(tx: TxRunner, tenantId: string, agentId: string, cause: StateCause): Promise<void> {
    const { size, spacingMs } = this.config.stateHistory;
    await tx.run('agent.record-state', { tenantId, agentId, cause, size, spacingMs });
  }

  /** Oldest first: the newest `first` samples at or after `sinceMs`. */
  async list(tenantId: string, agentId: string, sinceMs: number | null, first: number): Promise<StateSampleRecord[]> {
    const rows = await this.db.read<Record<string, unknown>>('agent.state-history', { tenantId, agentId, since: sinceMs, first });
    return rows.map((r) => ({
      at: num(toPlain(r.at)),
      affect: triple(r.affect),
      mood: triple(r.mood),
      energy: num(r.energy),
      cause: r.cause as StateCause,
    }));
  }
}

function triple(value: unknown): [number, number, number] {
  const [v = 0, a = 0, d = 0] = numList(value);
  return [v, a, d];
}
