import type { RecallReader, SeedHit, SeedScan } from '@limbic/graph';
import { EXACT_SCAN_MAX, SeedPoolService } from './seed-pool.service';

const agent = { tenantId: 't1', agentId: 'a1' };
const LIMIT = 30;
/** What a first read asks for when nothing is known about the agent. */
const FIRST = { vectorFetch: 40, textFetch: 120, vectorExact: false };

function hits(n: number, prefix = 'm'): SeedHit[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, score: 1 - i / 1000 }));
}

/**
 * A reader for an agent of `agentSize` memories that are `share` of the shared vector index,
 * spread evenly; it fakes the calls the seed pool makes after the recall's first read.
 */
function fakeReader(agentSize: number, share: number) {
  const calls: string[] = [];
  const vectorIndex = (_e: readonly number[], limit: number, fetch: number): Promise<SeedScan> => {
    calls.push(`index ${fetch}`);
    return Promise.resolve({ scanned: fetch, found: hits(Math.min(limit, Math.floor(fetch * share), agentSize)) });
  };
  const reader = {
    size: (cap: number) => {
      calls.push('size');
      return Promise.resolve(Math.min(cap, agentSize));
    },
    vectorExact: (_e: readonly number[], limit: number) => {
      calls.push('exact');
      return Promise.resolve(hits(Math.min(limit, agentSize), 'x'));
    },
    vectorIndex,
    fulltext: (_t: string, limit: number, fetch: number): Promise<SeedScan> => {
      calls.push(`text ${fetch}`);
      return Promise.resolve({ scanned: fetch, found: hits(Math.min(limit, Math.floor(fetch * share), agentSize), 't') });
    },
  } as unknown as RecallReader;
  return { reader, calls, firstScan: (fetch: number) => vectorIndex([], LIMIT, fetch) };
}

describe('SeedPoolService', () => {
  it('asks for a third more than the pool in the first scan of an agent it knows nothing about', () => {
    expect(new SeedPoolService().firstScanSizes(LIMIT, agent)).toEqual({ vectorFetch: 40, textFetch: 120, vectorExact: false });
  });

  it('needs no second scan for an agent that holds most of the index', async () => {
    const pool = new SeedPoolService();
    const { reader, calls, firstScan } = fakeReader(100_000, 0.9);
    const first = await firstScan(40);
    calls.length = 0;
    const seeds = await pool.collect(reader, [], null, LIMIT, { vectorExact: false, vector: first, vectorMatched: 36, fulltext: null }, FIRST, agent);
    expect(calls).toEqual([]);
    expect(seeds.vector).toHaveLength(LIMIT);
    expect(pool.firstScanSizes(LIMIT, agent).vectorFetch).toBe(40);
  });

  it('sizes a large agent’s next first scan by the share widening observed', async () => {
    const pool = new SeedPoolService();
    const { reader, calls, firstScan } = fakeReader(50_000, 0.1);
    const first = await firstScan(40);
    calls.length = 0;
    const seeds = await pool.collect(reader, [], null, LIMIT, { vectorExact: false, vector: first, vectorMatched: first.found.length, fulltext: null }, FIRST, agent);
    expect(seeds.vector).toHaveLength(LIMIT);
    expect(calls).toEqual(['size', 'index 240', 'index 480']);
    // Share 30/480 (a lower bound, the scan was cut at the limit) × safety 1.5.
    const next = pool.firstScanSizes(LIMIT, agent).vectorFetch;
    expect(next).toBe(720);
    const hinted = await firstScan(next);
    calls.length = 0;
    await pool.collect(reader, [], null, LIMIT, { vectorExact: false, vector: hinted, vectorMatched: 72, fulltext: null }, { vectorFetch: next, textFetch: 720, vectorExact: false }, agent);
    expect(calls).toEqual([]);
    // The untruncated count of the hinted scan tightens the hint: 30 / 0.1 × 1.5.
    expect(pool.firstScanSizes(LIMIT, agent).vectorFetch).toBe(450);
    // Other agents are not affected.
    expect(pool.firstScanSizes(LIMIT, { ...agent, agentId: 'a2' }).vectorFetch).toBe(40);
  });

  it('asks the same of the first fulltext scan whatever the vector share hint (the scan is scoped to the agent)', async () => {
    const pool = new SeedPoolService();
    const { reader, firstScan } = fakeReader(50_000, 0.1);
    const first = await firstScan(40);
    await pool.collect(reader, [], null, LIMIT, { vectorExact: false, vector: first, vectorMatched: first.found.length, fulltext: null }, FIRST, agent);
    // Hinted now (vector fetch 720), the fulltext scan keeps its own size.
    expect(pool.firstScanSizes(LIMIT, agent)).toEqual({ vectorFetch: 720, textFetch: 120, vectorExact: false });
  });

  it('widens the fulltext side from the fetch its first scan used, not from a hint that moved since', async () => {
    const pool = new SeedPoolService();
    const { reader, calls, firstScan } = fakeReader(50_000, 0.1);
    const first = await firstScan(40);
    calls.length = 0;
    // The vector side sets a hint (textFetch 720) during this very collect; the first text
    // scan asked for 120 and was full, so the index may have more: it must widen, not stop.
    await pool.collect(reader, [], 'q', LIMIT, { vectorExact: false, vector: first, vectorMatched: first.found.length, fulltext: { scanned: 120, found: hits(12, 't') } }, FIRST, agent);
    expect(calls.filter((c) => c.startsWith('text'))).toEqual(['text 450']);
  });

  it('never gives a small agent a share hint: it keeps its exact scan, in the first read from then on', async () => {
    const pool = new SeedPoolService();
    const { reader, calls, firstScan } = fakeReader(EXACT_SCAN_MAX, 0.01);
    const first = await firstScan(40);
    calls.length = 0;
    const seeds = await pool.collect(reader, [], null, LIMIT, { vectorExact: false, vector: first, vectorMatched: first.found.length, fulltext: null }, FIRST, agent);
    expect(calls).toEqual(['size', 'exact']);
    expect(seeds.vector[0]?.id).toBe('x0');
    // Next recalls: the first read scans the agent exactly, and nothing else is asked.
    const sizes = pool.firstScanSizes(LIMIT, agent);
    expect(sizes).toEqual({ vectorFetch: 40, textFetch: 120, vectorExact: true });
    calls.length = 0;
    const exact = { scanned: -1, found: hits(LIMIT, 'x') };
    const again = await pool.collect(reader, [], null, LIMIT, { vectorExact: true, vector: exact, vectorMatched: EXACT_SCAN_MAX, fulltext: null }, sizes, agent);
    expect(calls).toEqual([]);
    expect(again.vector).toBe(exact.found);
    // Other agents are not affected.
    expect(pool.firstScanSizes(LIMIT, { ...agent, agentId: 'a2' }).vectorExact).toBe(false);
  });

  it('tries the index again for a small agent after a while, or at once when it has grown', async () => {
    const pool = new SeedPoolService();
    const { reader, firstScan } = fakeReader(EXACT_SCAN_MAX, 0.01);
    const first = await firstScan(40);
    await pool.collect(reader, [], null, LIMIT, { vectorExact: false, vector: first, vectorMatched: first.found.length, fulltext: null }, FIRST, agent);
    let exactReads = 0;
    while (pool.firstScanSizes(LIMIT, agent).vectorExact) exactReads++;
    expect(exactReads).toBe(100);

    await pool.collect(reader, [], null, LIMIT, { vectorExact: false, vector: first, vectorMatched: first.found.length, fulltext: null }, FIRST, agent);
    const sizes = pool.firstScanSizes(LIMIT, agent);
    expect(sizes.vectorExact).toBe(true);
    // The exact first read counted more than EXACT_SCAN_MAX memories: back to the index.
    await pool.collect(reader, [], null, LIMIT, { vectorExact: true, vector: { scanned: -1, found: hits(LIMIT, 'x') }, vectorMatched: EXACT_SCAN_MAX + 1, fulltext: null }, sizes, agent);
    expect(pool.firstScanSizes(LIMIT, agent).vectorExact).toBe(false);
  });
});
