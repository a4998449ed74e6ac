import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { IndexMaintenanceRepository } from '@limbic/graph';
import { vectorIndexRefreshes } from '@limbic/observability';
import { PeriodicState } from '../periodic/periodic-state';
import type { PeriodicResult, PeriodicWork } from '../periodic/periodic-work';
import { INITIAL_REFRESH_STATE, planRefresh, type RefreshState } from './refresh-plan';

const refreshState: z.ZodType<RefreshState> = z.object({ lastCount: z.number().int().nonnegative().nullable(), owed: z.number().int().nonnegative() });

/**
 * Keeps recall from searching a stale vector index after a burst of writes (an import, a batch
 * of encodes) that went quiet: see refresh-plan.ts for when, index.refresh-mark.cypher for how.
 * One look per period for the deployment costs one count-store read; a refresh two small writes.
 * The plan's state is kept in Redis, since consecutive looks may run on different workers.
 */
@Injectable()
export class VectorIndexRefresher implements PeriodicWork {
  readonly task = 'index-refresh' as const;
  private readonly log = new Logger('VectorIndexRefresher');
  private running = false;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly maintenance: IndexMaintenanceRepository,
    private readonly state: PeriodicState,
  ) {}

  everyMs(): number {
    return this.config.worker.indexRefreshIntervalMs;
  }

  async run(): Promise<PeriodicResult> {
    return { summary: (await this.tick()) ? 'refreshed' : 'nothing to refresh', next: null };
  }

  /** One look; returns whether it refreshed. Never throws: a failed tick waits for the next. */
  async tick(): Promise<boolean> {
    if (this.running) return false;
    this.running = true;
    try {
      const state = (await this.state.read(this.task, refreshState)) ?? INITIAL_REFRESH_STATE;
      const count = await this.maintenance.memoryCount();
      const { refresh, next } = planRefresh(state, count);
      if (state.lastCount !== null && count !== state.lastCount) this.log.debug(`memory count ${state.lastCount} → ${count}: writes, refresh owed`);
      if (refresh) {
        await this.maintenance.refreshVectorIndex(this.embedder.dimension);
        vectorIndexRefreshes.inc({ outcome: 'done' });
        this.log.log(`vector index refreshed (${next.owed} more owed to the last writes)`);
      }
      // Not written when the refresh failed: the owed refresh is tried again at the next look.
      await this.state.write(this.task, next);
      return refresh;
    } catch (err) {
      vectorIndexRefreshes.inc({ outcome: 'error' });
      this.log.warn(`vector index refresh failed: ${(err as Error).message}`);
      return false;
    } finally {
      this.running = false;
    }
  }
}
