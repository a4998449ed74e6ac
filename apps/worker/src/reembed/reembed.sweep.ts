import { Inject, Injectable, Logger } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { progressOf, ReembedRepository } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { reembedProgress } from '@limbic/observability';
import type { PageOutcome } from '../periodic/sweep-paging';
import { PeriodicSweep } from '../sweep/periodic-sweep';

/** A run untouched this long has lost its job (Redis flushed, worker killed before it enqueued the next step). */
const IDLE_MS = 3000;

/**
 * Neo4j holds every run; this re-adds the job of each run's current step when it has been idle
 * (same deterministic id, so a live job is never doubled), which is what resumes a run after a
 * worker SIGKILL or a Redis FLUSHALL. It also publishes each run's progress as a metric.
 */
@Injectable()
export class ReembedSweep extends PeriodicSweep {
  protected readonly log = new Logger('ReembedSweep');
  readonly task = 'reembed-sweep' as const;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    private readonly repo: ReembedRepository,
    private readonly jobs: JobProducer,
  ) {
    super();
  }

  everyMs(): number {
    return Math.min(this.config.worker.pendingSweepIntervalMs, 5000);
  }

  /**
   * One page is the whole scan: one row per tenant with a run in progress (at most one each),
   * and the progress metric is rebuilt from all of them at once.
   */
  protected async sweepPage(now: number): Promise<PageOutcome> {
    const tenants = this.config.worker.sweepTenants;
    const runs = await this.repo.inProgress(tenants.length > 0 ? tenants : null);
    reembedProgress.reset();
    let enqueued = 0;
    for (const run of runs) {
      reembedProgress.set({ tenant: run.tenantId, phase: run.phase, target: run.targetModel }, progressOf(run));
      if (now - run.updatedAt < IDLE_MS) continue;
      if (await this.jobs.enqueueReembedStep({ tenantId: run.tenantId, runId: run.id, step: run.step })) enqueued++;
    }
    return { handled: enqueued, next: null };
  }
}
