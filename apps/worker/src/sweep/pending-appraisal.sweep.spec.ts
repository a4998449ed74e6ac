import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import type { AppraisalRepository, KeysetCursor, KeysetPage, PendingAppraisal } from '@limbic/graph';
import type { JobProducer } from '@limbic/jobs';
import { PendingAppraisalSweep } from './pending-appraisal.sweep';

/** Pending memories as Neo4j pages them: in (encodedAt, id) order, `at` shared by batches of three. */
const pending = (n: number) => Array.from({ length: n }, (_, i) => ({ key: { at: 500 + Math.floor(i / 3), id: `m${String(i).padStart(3, '0')}` }, tenantId: 't', agentId: 'a' }));

function sweep(env: Record<string, string>, found: ReturnType<typeof pending> | Error, accepts: (p: PendingAppraisal) => boolean) {
  const findPending = jest.fn(async (_before: number, after: KeysetCursor, limit: number, _tenants: readonly string[]): Promise<KeysetPage<PendingAppraisal>> => {
    if (found instanceof Error) throw found;
    const rows = found.filter((p) => p.key.at > after.at || (p.key.at === after.at && p.key.id > after.id)).slice(0, limit);
    return { rows: rows.map((p) => ({ key: p.key, row: { tenantId: p.tenantId, agentId: p.agentId, memoryId: p.key.id } })), full: rows.length >= limit };
  });
  const enqueueAppraisal = jest.fn((p: PendingAppraisal) => Promise.resolve(accepts(p)));
  const s = new PendingAppraisalSweep(loadConfig(env), { findPending } as unknown as AppraisalRepository, { enqueueAppraisal } as unknown as JobProducer);
  return { s, findPending, enqueueAppraisal };
}

describe('PendingAppraisalSweep', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('reads one bounded page of memories pending longer than the grace (at most one sweep interval) for the configured tenants', async () => {
    const { s, findPending, enqueueAppraisal } = sweep({ LIMBIC_PENDING_SWEEP_INTERVAL_MS: '2000', LIMBIC_SWEEP_TENANTS: 'acme', LIMBIC_SWEEP_PAGE_SIZE: '4' }, pending(3), () => true);
    expect(await s.run({ now: 1_000_000 })).toEqual({ summary: 'enqueued 3', next: null });
    expect(findPending).toHaveBeenCalledWith(998_000, { at: 0, id: '' }, 4, ['acme']);
    expect(enqueueAppraisal.mock.calls.map(([p]) => p)).toEqual(['m000', 'm001', 'm002'].map((memoryId) => ({ tenantId: 't', agentId: 'a', memoryId })));
    // The default interval (30 s) caps the grace at 10 s; the default page is 1000 rows.
    const d = sweep({}, [], () => true);
    await d.s.run({ now: 1_000_000 });
    expect(d.findPending).toHaveBeenCalledWith(990_000, { at: 0, id: '' }, 1000, []);
  });

  it('says where a full page’s scan goes on, and a follow-on page starts there', async () => {
    const { s, findPending, enqueueAppraisal } = sweep({ LIMBIC_SWEEP_PAGE_SIZE: '4' }, pending(10), () => true);
    const first = await s.run({ now: 1_000_000 });
    expect(first).toEqual({ summary: 'enqueued 4', next: { at: 501, id: 'm003' } });
    const second = await s.run({ now: 1_000_000, page: { run: 'repeat:appraisal-sweep:1', index: 1, after: first.next! } });
    expect(findPending).toHaveBeenLastCalledWith(990_000, { at: 501, id: 'm003' }, 4, []);
    expect(second.next).toEqual({ at: 502, id: 'm007' });
    const third = await s.run({ now: 1_000_000, page: { run: 'repeat:appraisal-sweep:1', index: 2, after: second.next! } });
    expect(third).toEqual({ summary: 'enqueued 2', next: null });
    // Every pending memory once, in order, over the three pages.
    expect(enqueueAppraisal.mock.calls.map(([p]) => p.memoryId)).toEqual(pending(10).map((p) => p.key.id));
  });

  it('walks the whole scan in-process, page after page', async () => {
    const { s, findPending } = sweep({ LIMBIC_SWEEP_PAGE_SIZE: '3' }, pending(10), () => true);
    expect(await s.sweepOnce()).toBe(10);
    expect(findPending).toHaveBeenCalledTimes(4);
  });

  it('ends the run at the first refusal: Redis is down, the next period scans again', async () => {
    const { s, enqueueAppraisal } = sweep({}, pending(5), (p) => p.memoryId !== 'm001');
    expect(await s.run({ now: 1_000_000 })).toEqual({ summary: 'enqueued 1', next: null });
    expect(enqueueAppraisal).toHaveBeenCalledTimes(2);
  });

  it('never throws when Neo4j fails: the run ends', async () => {
    const { s } = sweep({}, new Error('Neo4j unavailable'), () => true);
    await expect(s.run({ now: 1_000_000 })).resolves.toEqual({ summary: 'enqueued 0', next: null });
  });
});
