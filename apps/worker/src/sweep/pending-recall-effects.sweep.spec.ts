import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import type { RecallEffectsRepository, RecallRecord } from '@limbic/graph';
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
  const findPending = jest.fn((..._args: unknown[]) => Promise.resolve(found));
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

  it('expires records older than the retention, then enqueues what is still pending after the grace', async () => {
    const { s, expire, findPending, enqueueRecallEffects } = sweep(
      { LIMBIC_SWEEP_INTERVAL_MS: '2000', LIMBIC_SWEEP_TENANTS: 'acme', LIMBIC_RECALL_RECORD_RETENTION_MS: '60000' },
      [record('r1'), record('r2')],
      () => true,
    );
    expect(await s.sweepOnce(1_000_000)).toBe(2);
    expect(expire).toHaveBeenCalledWith(940_000, 500, ['acme']);
    expect(findPending).toHaveBeenCalledWith(998_000, 500, ['acme']);
    expect(enqueueRecallEffects.mock.calls.map(([p]) => p.recallId)).toEqual(['r1', 'r2']);
  });

  it('stops at the first refusal: Redis is down, the next sweep tries again', async () => {
    const { s, enqueueRecallEffects } = sweep({}, [record('r1'), record('r2'), record('r3')], (id) => id !== 'r2');
    expect(await s.sweepOnce()).toBe(1);
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
