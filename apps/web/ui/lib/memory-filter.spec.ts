import { describe, expect, it } from '@jest/globals';
import { listQueryOf } from './memory-filter';

describe('memory list filter from the URL', () => {
  it('takes every field it knows', () => {
    expect(listQueryOf({ contains: ' deploy ', tags: 'ops, , night', scope: 'u1', archived: 'ALL', after: '2026-01-02', before: '2026-02-01T12:00:00Z', order: 'ASC' })).toEqual({
      filter: { contains: 'deploy', tagsAny: ['ops', 'night'], scope: 'u1', archived: 'ALL', occurredAfter: '2026-01-02T00:00:00.000Z', occurredBefore: '2026-02-01T12:00:00.000Z' },
      order: 'OCCURRED_AT_ASC',
    });
  });

  it('leaves out what is empty or not understood: newest first, live only (the API default)', () => {
    expect(listQueryOf({ contains: '  ', archived: 'SOME', after: 'yesterday', order: 'sideways' })).toEqual({ filter: {}, order: 'OCCURRED_AT_DESC' });
  });
});
