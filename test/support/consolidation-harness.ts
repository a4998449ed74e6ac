import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Driver } from 'neo4j-driver';
import { CYPHER_DIR } from '@limbic/graph';
import { CLOCK, SimulatedClock } from '../../apps/worker/src/consolidation/clock';
import { ReviewQueue } from '../../apps/worker/src/consolidation/review-queue';
import { ReviewSweep } from '../../apps/worker/src/consolidation/review.sweep';
import { WorkerModule } from '../../apps/worker/src/worker.module';
import { ROOT } from './processes';

/**
 * The real worker module, in this test process, with its clock replaced by a simulated
 * one: the test moves time and calls the sweep; the worker's own BullMQ workers (real Redis,
 * own key prefix) run the reviews against the real Neo4j.
 */
export interface InProcessWorker {
  readonly clock: SimulatedClock;
  readonly sweep: ReviewSweep;
  readonly queue: ReviewQueue;
  close(): Promise<void>;
}

export async function startInProcessWorker(env: Record<string, string>, startMs: number): Promise<InProcessWorker> {
  Object.assign(process.env, { NODE_ENV: 'test', LIMBIC_WORKER_PORT: '0', LIMBIC_LOG_LEVEL: 'warn', LIMBIC_LOG_FORMAT: 'text', ...env });
  const clock = new SimulatedClock(startMs);
  const module: TestingModule = await Test.createTestingModule({ imports: [WorkerModule] })
    .overrideProvider(CLOCK)
    .useValue(clock)
    .overrideProvider(CYPHER_DIR)
    .useValue(cypherDir())
    .compile();
  module.useLogger(['error', 'warn']);
  await module.init();
  return {
    clock,
    sweep: module.get(ReviewSweep),
    queue: module.get(ReviewQueue),
    close: () => module.close(),
  };
}

/** The build under test may carry its own cypher/ (see LIMBIC_DIST); else the repository's. */
export function cypherDir(): string {
  const dist = process.env.LIMBIC_DIST ? join(ROOT, process.env.LIMBIC_DIST, 'cypher') : '';
  return dist && existsSync(join(dist, 'queries')) ? dist : join(ROOT, 'cypher');
}

export { deleteQueueKeys } from './queue-keys';

export async function cypher<T = Record<string, unknown>>(driver: Driver, text: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const { records } = await driver.executeQuery(text, params, { database: process.env.NEO4J_DATABASE ?? 'neo4j' });
  return records.map((r) => r.toObject() as T);
}

/** Waits until the queue holds nothing runnable and no review of the tenant is due by `now`. */
export async function drain(worker: InProcessWorker, driver: Driver, tenantId: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await worker.queue.counts();
    const due = await cypher<{ n: number }>(
      driver,
      `MATCH (m:Memory {tenantId: $tenantId}) WHERE m.nextReviewAt <= datetime({epochMillis: toInteger($now)}) AND m.archived = false RETURN count(m) AS n`,
      { tenantId, now: worker.clock.now() },
    );
    const runnable = (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.prioritized ?? 0);
    if (runnable === 0 && (due[0]?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`reviews did not drain: ${JSON.stringify(counts)}, due ${due[0]?.n}`);
    if (runnable === 0) await worker.sweep.sweepOnce();
    await new Promise((r) => setTimeout(r, 50));
  }
}
