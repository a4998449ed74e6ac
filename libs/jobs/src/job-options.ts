import type { JobsOptions } from 'bullmq';
import type { QueueSettings } from './queue-settings';

/** What every added job carries from its queue's settings: one place, for the API and the worker alike. */
export function jobOptions(settings: QueueSettings, id: string): JobsOptions {
  return {
    jobId: id,
    attempts: settings.attempts,
    backoff: { type: 'exponential', delay: settings.backoffMs },
    removeOnComplete: { age: settings.keepCompletedSeconds },
    removeOnFail: { age: settings.keepFailedSeconds },
  };
}
