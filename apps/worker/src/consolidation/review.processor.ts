import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { ConsolidationJobV1, JobOutcome } from '@limbic/jobs';
import { reviewOutcomes } from '@limbic/observability';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { CLOCK, type Clock } from './clock';
import { ReviewService } from './review.service';

/** The consolidation queue: one job is one review of one memory. */
@Injectable()
export class ReviewProcessor implements JobHandler {
  readonly queue = 'consolidation' as const;

  constructor(
    private readonly reviews: ReviewService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(data: unknown, _job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    const job = parse(data);
    const result = await this.reviews.review(job.tenantId, job.memoryId, job.reviewCount, this.clock.now(), signal);
    reviewOutcomes.inc({ result: result.startsWith('skipped') ? 'skipped' : result });
    return result.startsWith('skipped') ? 'skipped' : 'done';
  }
}

function parse(data: unknown): ConsolidationJobV1 {
  const d = data as Partial<ConsolidationJobV1> | null;
  if (
    d?.v !== 1 ||
    typeof d.tenantId !== 'string' ||
    typeof d.agentId !== 'string' ||
    typeof d.memoryId !== 'string' ||
    typeof d.reviewCount !== 'number' ||
    !Number.isInteger(d.reviewCount) ||
    d.reviewCount < 0
  ) {
    throw new UnrecoverableError(`unsupported consolidation payload ${JSON.stringify(data)}`);
  }
  return d as ConsolidationJobV1;
}
