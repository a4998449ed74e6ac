import fc from 'fast-check';
import { EARLIEST_MS, LATEST_MS, occurredBounds } from './occurred-bounds';
import { NO_LIST_FILTER } from './memory-list-filter';

const ms = fc.integer({ min: EARLIEST_MS, max: LATEST_MS });

describe('occurredBounds', () => {
  it('is every representable instant with no filter and no cursor', () => {
    expect(occurredBounds(NO_LIST_FILTER, 'OCCURRED_AT_DESC', null)).toEqual({ lowestMs: EARLIEST_MS, highestMs: LATEST_MS });
  });

  it('holds exactly the instants the filter admits on the cursor’s far side (the cursor’s own instant included, for its ties)', () => {
    fc.assert(
      fc.property(fc.option(ms), fc.option(ms), fc.option(ms), ms, fc.constantFrom('OCCURRED_AT_DESC' as const, 'OCCURRED_AT_ASC' as const), (after, before, cursor, t, order) => {
        const filter = { ...NO_LIST_FILTER, after, before };
        const { lowestMs, highestMs } = occurredBounds(filter, order, cursor === null ? null : { occurredAt: cursor, id: 'm' });
        const admitted = (after === null || t >= after) && (before === null || t < before);
        const ahead = cursor === null || (order === 'OCCURRED_AT_DESC' ? t <= cursor : t >= cursor);
        expect(t >= lowestMs && t <= highestMs).toBe(admitted && ahead);
      }),
    );
  });
});
