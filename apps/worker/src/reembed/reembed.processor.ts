import { Injectable } from '@nestjs/common';
import type { JobOutcome, ReembedJobV1 } from '@limbic/jobs';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { ReembedStepService } from './reembed-step.service';

@Injectable()
export class ReembedProcessor implements JobHandler<'reembed'> {
  readonly queue = 'reembed' as const;

  constructor(private readonly steps: ReembedStepService) {}

  handle(data: ReembedJobV1, _job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    return this.steps.run(data, signal);
  }
}
