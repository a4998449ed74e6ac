import { Injectable } from '@nestjs/common';
import type { JobOutcome, RecallEffectsJobV1 } from '@limbic/jobs';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { RecallEffectsService } from './recall-effects.service';

@Injectable()
export class RecallEffectsProcessor implements JobHandler<'recall-effects'> {
  readonly queue = 'recall-effects' as const;

  constructor(private readonly effects: RecallEffectsService) {}

  handle(data: RecallEffectsJobV1, _job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    return this.effects.apply(data, signal);
  }
}
