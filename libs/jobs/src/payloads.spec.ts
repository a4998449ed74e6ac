import { UnrecoverableError } from 'bullmq';
import { InvalidJobPayloadError, parsePayload } from './payloads';

const effects = { v: 1, tenantId: 't', agentId: 'a', recallId: 'r', now: 42, items: [{ memoryId: 'm', rank: 1, signals: [0.5] }], concepts: ['c'], focusId: null };

describe('parsePayload', () => {
  it('accepts each queue’s current version as it is', () => {
    const v2 = { v: 2, tenantId: 't', agentId: 'a', memoryId: 'm', bookmarks: ['FB:x'] };
    expect(parsePayload('appraisal', v2)).toEqual(v2);
    // Queued before an upgrade: still runs.
    expect(parsePayload('appraisal', { v: 1, tenantId: 't', agentId: 'a', memoryId: 'm' })).toEqual({ v: 1, tenantId: 't', agentId: 'a', memoryId: 'm' });
    expect(parsePayload('recall-effects', { ...effects, weights: [1], queryType: 'factual' })).toMatchObject({ recallId: 'r', weights: [1] });
    expect(parsePayload('consolidation', { v: 1, tenantId: 't', agentId: 'a', memoryId: 'm', reviewCount: 0 }).reviewCount).toBe(0);
    expect(parsePayload('periodic', { v: 1, task: 'review-sweep' }).task).toBe('review-sweep');
    const page = { run: 'repeat:review-sweep:1764650000000', index: 2, after: { at: 1764650000000, id: 'm' } };
    expect(parsePayload('periodic', { v: 1, task: 'review-sweep', page }).page).toEqual(page);
  });

  it('refuses an unknown version, a missing or mistyped field and an extra one, as an unrecoverable error naming the field', () => {
    const refused = (queue: Parameters<typeof parsePayload>[0], data: unknown): InvalidJobPayloadError => {
      try {
        parsePayload(queue, data);
      } catch (err) {
        if (err instanceof InvalidJobPayloadError) return err;
        throw err;
      }
      throw new Error('expected a refusal');
    };
    const v3 = refused('appraisal', { v: 3, tenantId: 't', agentId: 'a', memoryId: 'm' });
    expect(v3).toBeInstanceOf(UnrecoverableError);
    expect(v3.message).toMatch(/^invalid appraisal payload: v:/);
    expect(refused('appraisal', { v: 2, tenantId: 't', agentId: 'a', memoryId: 'm' }).message).toMatch(/bookmarks/);
    expect(refused('appraisal', { v: 1, tenantId: 't', agentId: 'a', memoryId: 'm', bookmarks: [] }).message).toMatch(/bookmarks/);
    expect(refused('consolidation', { v: 1, tenantId: 't', agentId: 'a', memoryId: 'm', reviewCount: -1 }).message).toMatch(/reviewCount/);
    expect(refused('recall-effects', { ...effects, items: [{ memoryId: 'm', rank: 'first', signals: [] }] }).message).toMatch(/items\.0\.rank/);
    expect(refused('reembed', { v: 1, tenantId: 't', runId: 'r', step: 0, content: 'a snapshot' }).message).toMatch(/content/);
    expect(refused('periodic', { v: 1, task: 'defragment' }).message).toMatch(/task/);
    expect(refused('periodic', { v: 1, task: 'review-sweep', page: { run: 'r', index: 0, after: { at: 0, id: '' } } }).message).toMatch(/page\.index/);
    expect(refused('periodic', { v: 1, task: 'review-sweep', page: { run: 'r', index: 1, after: { at: 0.5, id: '' } } }).message).toMatch(/page\.after\.at/);
    expect(refused('appraisal', null).message).toMatch(/\(data\)/);
  });
});
