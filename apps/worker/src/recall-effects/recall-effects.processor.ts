import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { JobOutcome, RecallEffectsJobV1 } from '@limbic/jobs';
import type { JobHandler, JobInfo } from '../runner/job-handler';
import { RecallEffectsService } from './recall-effects.service';

@Injectable()
export class RecallEffectsProcessor implements JobHandler {
  readonly queue = 'recall-effects' as const;

  constructor(private readonly effects: RecallEffectsService) {}

  handle(data: unknown, _job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    return this.effects.apply(parse(data), signal);
  }
}

function parse(data: unknown): RecallEffectsJobV1 {
  const d = data as Partial<RecallEffectsJobV1> | null;
  const ok =
    d?.v === 1 &&
    typeof d.tenantId === 'string' &&
    typeof d.agentId === 'string' &&
    typeof d.recallId === 'string' &&
    typeof d.now === 'number' &&
    Array.isArray(d.items) &&
    d.items.every((i) => typeof i?.memoryId === 'string' && typeof i.rank === 'number' && Array.isArray(i.signals)) &&
    Array.isArray(d.concepts) &&
    (d.focusId === null || typeof d.focusId === 'string') &&
    (d.weights === undefined || (Array.isArray(d.weights) && d.weights.every((w) => typeof w === 'number'))) &&
    (d.queryType === undefined || typeof d.queryType === 'string');
  // Retrying a payload we cannot read would never help.
  if (!ok) throw new UnrecoverableError(`unsupported recall-effects payload ${JSON.stringify(data).slice(0, 200)}`);
  return d as RecallEffectsJobV1;
}
