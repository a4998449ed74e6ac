import { NotFoundError, type FeedbackResult, type LimbicClient } from '@limbic/client';

type FeedbackInput = Parameters<LimbicClient['feedback']>[0];

/**
 * chosen: the pauses before each retry. The API records a recall just after answering it (off
 * the answer's path), and a model calls feedback the moment it has read the answer: over the
 * in-process transport that is often sooner. Feedback is applied once per (recall, memory),
 * so asking again is harmless; after 1.5 s the NOT_FOUND is real (an unknown or expired recall).
 */
export const RECORD_WAITS_MS = [100, 200, 400, 800] as const;

export async function feedbackWhenRecorded(client: LimbicClient, input: FeedbackInput, sleep = defaultSleep): Promise<FeedbackResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.feedback(input);
    } catch (err) {
      const wait = RECORD_WAITS_MS[attempt];
      // NOT_FOUND is feedback's answer for an unknown recall only (an unknown memory is BAD_USER_INPUT).
      if (!(err instanceof NotFoundError) || wait === undefined) throw err;
      await sleep(wait);
    }
  }
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
