import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobOutcome, PeriodicJobV1, PeriodicTask } from '@limbic/jobs';
import { periodicRuns, sweepPages } from '@limbic/observability';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { PeriodicPages } from './periodic-pages';
import { PERIODIC_WORK, type PeriodicWork } from './periodic-work';
import { followOn } from './sweep-paging';

/**
 * The `periodic` queue: one job is one run of one task for the whole deployment, or one
 * follow-on page of a sweep's run. The next page is added before this job completes: a worker
 * that dies in between has its job retried, which adds the same page id again (dropped). A
 * period whose task still has a run paging is skipped (outcome `skipped`).
 */
@Injectable()
export class PeriodicProcessor implements JobHandler<'periodic'> {
  readonly queue = 'periodic' as const;
  private readonly log = new Logger('Periodic');
  private readonly byTask: ReadonlyMap<PeriodicTask, PeriodicWork>;

  constructor(
    @Inject(PERIODIC_WORK) work: readonly PeriodicWork[],
    private readonly pages: PeriodicPages,
  ) {
    this.byTask = new Map(work.map((w) => [w.task, w]));
  }

  async handle(data: PeriodicJobV1, job: JobInfo): Promise<JobOutcome> {
    const work = this.byTask.get(data.task);
    if (!work) throw new Error(`no periodic work for ${data.task}`);
    // Runs count once per period (the scheduler's job); follow-on pages are counted apart.
    const outcome = (o: 'done' | 'skipped' | 'error') => (data.page ? sweepPages.inc({ task: data.task, outcome: o }) : periodicRuns.inc({ task: data.task, outcome: o }));
    try {
      // A run of this task is still paging (periodic-pages.ts): this period stands aside. Its
      // own scheduler job, retried after adding a page, goes on.
      const paging = data.page ? null : await this.pages.pagingRun(data.task);
      if (paging !== null && paging !== job.id) {
        outcome('skipped');
        this.log.debug(`${data.task}: run ${paging} is still paging; this period stands aside`);
        return 'skipped';
      }
      const result = await work.run({ now: Date.now(), ...(data.page ? { page: data.page } : {}) });
      const next = followOn(data.page, job.id, result.next);
      if (next) await this.pages.add(data.task, next);
      else if (data.page) await this.pages.ended(data.task, data.page.run);
      outcome('done');
      this.log.debug(`${data.task}${data.page ? ` page ${data.page.index}` : ''}: ${result.summary}${next ? `; page ${next.index} follows` : ''}`);
      return 'done';
    } catch (err) {
      outcome('error');
      throw err;
    }
  }
}
