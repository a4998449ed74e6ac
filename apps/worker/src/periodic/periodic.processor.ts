import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobOutcome, PeriodicJobV1, PeriodicTask } from '@limbic/jobs';
import { periodicRuns } from '@limbic/observability';
import type { JobHandler } from '../runner/job-handler';
import { PERIODIC_WORK, type PeriodicWork } from './periodic-work';

/** The `periodic` queue: one job is one run of one task, for the whole deployment. */
@Injectable()
export class PeriodicProcessor implements JobHandler<'periodic'> {
  readonly queue = 'periodic' as const;
  private readonly log = new Logger('Periodic');
  private readonly byTask: ReadonlyMap<PeriodicTask, PeriodicWork>;

  constructor(@Inject(PERIODIC_WORK) work: readonly PeriodicWork[]) {
    this.byTask = new Map(work.map((w) => [w.task, w]));
  }

  async handle(data: PeriodicJobV1): Promise<JobOutcome> {
    const work = this.byTask.get(data.task);
    if (!work) throw new Error(`no periodic work for ${data.task}`);
    try {
      const summary = await work.run(Date.now());
      periodicRuns.inc({ task: data.task, outcome: 'done' });
      this.log.debug(`${data.task}: ${summary}`);
      return 'done';
    } catch (err) {
      periodicRuns.inc({ task: data.task, outcome: 'error' });
      throw err;
    }
  }
}
