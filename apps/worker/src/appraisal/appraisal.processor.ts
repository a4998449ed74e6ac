import { Injectable } from '@nestjs/common';
import type { AppraisalJob, JobOutcome } from '@limbic/jobs';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { AppraisalService } from './appraisal.service';

@Injectable()
export class AppraisalProcessor implements JobHandler<'appraisal'> {
  readonly queue = 'appraisal' as const;

  constructor(private readonly appraisal: AppraisalService) {}

  handle(data: AppraisalJob, _job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    const { tenantId, agentId, memoryId } = data;
    return this.appraisal.appraise({ tenantId, agentId, memoryId }, Date.now(), signal);
  }
}
