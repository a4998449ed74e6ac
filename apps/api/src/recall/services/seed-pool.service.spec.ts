import type { RecallUnit, SeedHit, SeedScan } from '@limbic/graph';
import { SeedPoolService } from './seed-pool.service';

const LIMIT = 30;

function hits(n: number, prefix = 't'): SeedHit[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, score: 10 - i / 100 }));
}

/** A unit whose fulltext index holds `matching` hits of the agent, `live` of them not archived, spread evenly. */
function fakeUnit(matching: number, live: number) {
  const calls: number[] = [];
  const fulltext = (_t: string, limit: number, fetch: number): Promise<SeedScan> => {
    calls.push(fetch);
    const scanned = Math.min(fetch, matching);
    return Promise.resolve({ scanned, found: hits(Math.min(limit, Math.floor((scanned * live) / matching))) });
  };
  return { unit: { fulltext } as unknown as RecallUnit, calls, first: (fetch: number) => fulltext('q', LIMIT, fetch) };
}

describe('SeedPoolService', () => {
  const pool = new SeedPoolService();

  it('asks the first fulltext scan for four hits per wanted one, at least 100', () => {
    expect(pool.firstTextFetch(30)).toBe(120);
    expect(pool.firstTextFetch(10)).toBe(100);
  });

  it('keeps the first scan when it found enough or the index had no more', async () => {
    const enough = fakeUnit(1000, 1000);
    const first = await enough.first(120);
    enough.calls.length = 0;
    expect(await pool.fulltext(enough.unit, 'q', LIMIT, first)).toHaveLength(LIMIT);
    expect(enough.calls).toEqual([]);

    const few = fakeUnit(12, 12);
    const short = await few.first(120);
    few.calls.length = 0;
    expect(await pool.fulltext(few.unit, 'q', LIMIT, short)).toHaveLength(12);
    expect(few.calls).toEqual([]);
  });

  it('widens by the live share when archived memories filled a full first scan', async () => {
    // 10 % of the agent's matching memories are live: 12 of the first 120.
    const { unit, calls, first } = fakeUnit(5000, 500);
    const scan = await first(120);
    calls.length = 0;
    const found = await pool.fulltext(unit, 'q', LIMIT, scan);
    expect(found).toHaveLength(LIMIT);
    // 30 / 0.1 × 1.5 = 450 is more than double 120.
    expect(calls).toEqual([450]);
  });

  it('has no fulltext seeds without text', async () => {
    const { unit } = fakeUnit(10, 10);
    expect(await pool.fulltext(unit, null, LIMIT, null)).toEqual([]);
  });
});
