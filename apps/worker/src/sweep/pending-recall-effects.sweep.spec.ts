import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import type { KeysetCursor, KeysetPage, RecallEffectsRepository, RecallRecord } from '@limbic/graph';
import type { JobProducer } from '@limbic/jobs';
import { PendingRecallEffectsSweep, toJob } from './pending-recall-effects.sweep';

const record = (recallId: string): RecallRecord => ({
  tenantId: 't',
  agentId: 'a',
  recallId,
  now: 42,
  memoryIds: ['m1', 'm2'],
  signals: Array.from({ length: 24 }, (_, i) => i / 24),
  concepts: ['deploy'],
  focusId: 'm1',
  workspace: { event: 'ignited', focusId: 'm1', score: 0.7, sinceMs: 42, expiresAtMs: 300_042, suppressed: ['m2'] },
  weights: Array.from({ length: 12 }, () => 1 / 12),
  queryType: 'factual',
});

function sweep(env: Record<string, string>, found: RecallRecord[], accepts: (id: string) => boolean) {
  const expire = jest.fn((..._args: unknown[]) => Promise.resolve({ applied: 0, pending: 0 }));
  // Pending since 700 (the first two) or 701, then by id.
  const keyed = found.map((r, i) => ({ key: { at: i < 2 ? 700 : 701, id: r.recallId }, row: r }));
  const findPending = jest.fn(async (_before: number, after: KeysetCursor, limit: number, _tenants: readonly string[]): Promise<KeysetPage<RecallRecord>> => {
    const rows = keyed.filter(({ key }) => key.at > after.at || (key.at === after.at && key.id > after.id)).slice(0, limit);
    return { rows, full: rows.length >= limit };
  });
  const enqueueRecallEffects = jest.fn((p: { recallId: string }) => Promise.resolve(accepts(p.recallId)));
  const s = new PendingRecallEffectsSweep(
    loadConfig(env),
    { expire, findPending } as unknown as RecallEffectsRepository,
    { enqueueRecallEffects } as unknown as JobProducer,
  );
  return { s, expire, findPending, enqueueRecallEffects };
}

describe('PendingRecallEffectsSweep', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('expires records older than the retention on a run’s first page, then enqueues a page of what is still pending after the grace', async () => {
    const { s, expire, findPending, enqueueRecallEffects } = sweep(
      { LIMBIC_PENDING_SWEEP_INTERVAL_MS: '2000', LIMBIC_SWEEP_TENANTS: 'acme', LIMBIC_RECALL_RECORD_RETENTION_MS: '60000' },
      [record('r1'), record('r2')],
      () => true,
    );
    expect(await s.run({ now: 1_000_000 })).toEqual({ summary: 'enqueued 2', next: null });
    expect(expire).toHaveBeenCalledWith(940_000, 500, ['acme']);
    expect(findPending).toHaveBeenCalledWith(998_000, { at: 0, id: '' }, 1000, ['acme']);
    expect(enqueueRecallEffects.mock.calls.map(([p]) => p.recallId)).toEqual(['r1', 'r2']);
  });

  it('pages through the pending records in (pendingSince, id) order; follow-on pages expire nothing', async () => {
    const { s, expire, enqueueRecallEffects } = sweep({ LIMBIC_SWEEP_PAGE_SIZE: '2' }, ['r1', 'r2', 'r3', 'r4', 'r5'].map(record), () => true);
    const first = await s.run({ now: 1_000_000 });
    expect(first.next).toEqual({ at: 700, id: 'r2' });
    const second = await s.run({ now: 1_000_000, page: { run: 'repeat:recall-effects-sweep:1', index: 1, after: first.next! } });
    expect(second.next).toEqual({ at: 701, id: 'r4' });
    const third = await s.run({ now: 1_000_000, page: { run: 'repeat:recall-effects-sweep:1', index: 2, after: second.next! } });
    expect(third).toEqual({ summary: 'enqueued 1', next: null });
    expect(expire).toHaveBeenCalledTimes(1);
    expect(enqueueRecallEffects.mock.calls.map(([p]) => p.recallId)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('ends the run at the first refusal: Redis is down, the next period scans again', async () => {
    const { s, enqueueRecallEffects } = sweep({}, [record('r1'), record('r2'), record('r3')], (id) => id !== 'r2');
    expect(await s.run({ now: 1_000_000 })).toEqual({ summary: 'enqueued 1', next: null });
    expect(enqueueRecallEffects).toHaveBeenCalledTimes(2);
  });

  it('rebuilds the API’s job from the record: items best first with their twelve signals', () => {
    const job = toJob(record('r1'));
    expect(job.items).toEqual([
      { memoryId: 'm1', rank: 1, signals: record('r1').signals.slice(0, 12) },
      { memoryId: 'm2', rank: 2, signals: record('r1').signals.slice(12, 24) },
    ]);
    expect(job).toMatchObject({ recallId: 'r1', now: 42, concepts: ['deploy'], focusId: 'm1', queryType: 'factual' });
    expect(job.workspace).toEqual({ event: 'ignited', focusId: 'm1', score: 0.7, sinceMs: 42, expiresAtMs: 300_042, suppressed: ['m2'] });
    expect(toJob({ ...record('r2'), workspace: null })).not.toHaveProperty('workspace');
    const legacy = toJob({ ...record('r0'), weights: null, queryType: null });
    expect('weights' in legacy || 'queryType' in legacy).toBe(false);
  });
});
