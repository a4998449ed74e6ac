import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { IndexMaintenanceRepository } from '@limbic/graph';
import { vectorIndexRefreshes } from '@limbic/observability';
import { INITIAL_REFRESH_STATE, planRefresh, type RefreshState } from './refresh-plan';

/**
 * Keeps recall from searching a stale vector index after a burst of writes (an import, a batch
 * of encodes) that went quiet: see refresh-plan.ts for when, index.refresh-mark.cypher for how.
 * One look per interval costs one count-store read; a refresh two small writes.
 */
@Injectable()
export class VectorIndexRefresher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('VectorIndexRefresher');
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private state: RefreshState = INITIAL_REFRESH_STATE;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly maintenance: IndexMaintenanceRepository,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.worker.indexRefreshIntervalMs;
    if (every === 0) return;
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
  }

  /** One look; returns whether it refreshed. Never throws: a failed tick waits for the next. */
  async tick(): Promise<boolean> {
    if (this.running) return false;
    this.running = true;
    try {
      const count = await this.maintenance.memoryCount();
      const { refresh, next } = planRefresh(this.state, count);
      if (this.state.lastCount !== null && count !== this.state.lastCount) this.log.debug(`memory count ${this.state.lastCount} → ${count}: writes, refresh owed`);
      if (refresh) {
        await this.maintenance.refreshVectorIndex(this.embedder.dimension);
        vectorIndexRefreshes.inc({ outcome: 'done' });
        this.log.log(`vector index refreshed (${next.owed} more owed to the last writes)`);
      }
      this.state = next;
      return refresh;
    } catch (err) {
      // The state stays: the owed refresh is tried again at the next tick.
      vectorIndexRefreshes.inc({ outcome: 'error' });
      this.log.warn(`vector index refresh failed: ${(err as Error).message}`);
      return false;
    } finally {
      this.running = false;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
