import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import type { AppraisalRepository, PendingAppraisal } from '@limbic/graph';
import type { JobProducer } from '@limbic/jobs';
import { PendingAppraisalSweep } from './pending-appraisal.sweep';

const pending = (n: number): PendingAppraisal[] => Array.from({ length: n }, (_, i) => ({ tenantId: 't', agentId: 'a', memoryId: `m${i}` }));

function sweep(env: Record<string, string>, found: PendingAppraisal[] | Error, accepts: (p: PendingAppraisal) => boolean) {
  const findPending = jest.fn((..._args: unknown[]) => (found instanceof Error ? Promise.reject(found) : Promise.resolve(found)));
  const enqueueAppraisal = jest.fn((p: PendingAppraisal) => Promise.resolve(accepts(p)));
  const s = new PendingAppraisalSweep(
    loadConfig(env),
    { findPending } as unknown as AppraisalRepository,
    { enqueueAppraisal } as unknown as JobProducer,
  );
  return { s, findPending, enqueueAppraisal };
}

describe('PendingAppraisalSweep', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('enqueues every pending memory older than the grace (at most one sweep interval) for the configured tenants', async () => {
    const { s, findPending, enqueueAppraisal } = sweep({ LIMBIC_SWEEP_INTERVAL_MS: '2000', LIMBIC_SWEEP_TENANTS: 'acme' }, pending(3), () => true);
    expect(await s.sweepOnce(1_000_000)).toBe(3);
    expect(findPending).toHaveBeenCalledWith(998_000, 500, ['acme']);
    expect(enqueueAppraisal).toHaveBeenCalledTimes(3);
    // The default interval (30 s) caps the grace at 10 s.
    const d = sweep({}, [], () => true);
    await d.s.sweepOnce(1_000_000);
    expect(d.findPending).toHaveBeenCalledWith(990_000, 500, []);
  });

  it('stops at the first refusal: Redis is down, the next sweep tries again', async () => {
    const { s, enqueueAppraisal } = sweep({}, pending(5), (p) => p.memoryId !== 'm1');
    expect(await s.sweepOnce()).toBe(1);
    expect(enqueueAppraisal).toHaveBeenCalledTimes(2);
  });

  it('never throws when Neo4j fails', async () => {
    const { s } = sweep({}, new Error('Neo4j unavailable'), () => true);
    await expect(s.sweepOnce()).resolves.toBe(0);
  });
});
