import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { JobOutcome, ReembedJobV1 } from '@limbic/jobs';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { ReembedStepService } from './reembed-step.service';

@Injectable()
export class ReembedProcessor implements JobHandler {
  readonly queue = 'reembed' as const;

  constructor(private readonly steps: ReembedStepService) {}

  handle(data: unknown, _job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    return this.steps.run(parse(data), signal);
  }
}

function parse(data: unknown): ReembedJobV1 {
  const d = data as Partial<ReembedJobV1> | null;
  if (d?.v === 1 && typeof d.tenantId === 'string' && typeof d.runId === 'string' && typeof d.step === 'number') return d as ReembedJobV1;
  throw new UnrecoverableError(`unsupported reembed payload ${JSON.stringify(data).slice(0, 200)}`);
}
