import { Inject, Injectable } from '@nestjs/common';
import type { ConsolidationJobV1, JobOutcome } from '@limbic/jobs';
import { reviewOutcomes } from '@limbic/observability';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { CLOCK, type Clock } from './clock';
import { ReviewService } from './review.service';

/** The consolidation queue: one job is one review of one memory. */
@Injectable()
export class ReviewProcessor implements JobHandler<'consolidation'> {
  readonly queue = 'consolidation' as const;

  constructor(
    private readonly reviews: ReviewService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(job: ConsolidationJobV1, _job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    const result = await this.reviews.review(job.tenantId, job.memoryId, job.reviewCount, this.clock.now(), signal);
    reviewOutcomes.inc({ result: result.startsWith('skipped') ? 'skipped' : result });
    return result.startsWith('skipped') ? 'skipped' : 'done';
  }
}
