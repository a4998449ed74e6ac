import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { AppraisalJobV1, JobOutcome } from '@limbic/jobs';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { AppraisalService } from './appraisal.service';

@Injectable()
export class AppraisalProcessor implements JobHandler {
  readonly queue = 'appraisal' as const;

  constructor(private readonly appraisal: AppraisalService) {}

  handle(data: unknown, _job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    const { tenantId, agentId, memoryId } = parse(data);
    return this.appraisal.appraise({ tenantId, agentId, memoryId }, Date.now(), signal);
  }
}

function parse(data: unknown): AppraisalJobV1 {
  const d = data as Partial<AppraisalJobV1> | null;
  if (d?.v !== 1 || typeof d.tenantId !== 'string' || typeof d.memoryId !== 'string' || typeof d.agentId !== 'string') {
    // Retrying a payload we cannot read would never help.
    throw new UnrecoverableError(`unsupported appraisal payload ${JSON.stringify(data)}`);
  }
  return d as AppraisalJobV1;
}
