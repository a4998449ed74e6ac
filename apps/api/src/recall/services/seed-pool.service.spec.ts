import type { RecallReader, SeedHit, SeedScan } from '@limbic/graph';
import { EXACT_SCAN_MAX, SeedPoolService } from './seed-pool.service';

const agent = { tenantId: 't1', agentId: 'a1' };
const LIMIT = 30;

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
    fulltext: () => Promise.resolve({ scanned: 0, found: [] }),
  } as unknown as RecallReader;
  return { reader, calls, firstScan: (fetch: number) => vectorIndex([], LIMIT, fetch) };
}

describe('SeedPoolService', () => {
  it('asks for twice the pool in the first scan of an agent it knows nothing about', () => {
    expect(new SeedPoolService().firstScanSizes(LIMIT, agent)).toEqual({ vectorFetch: 60, textFetch: 120 });
  });

  it('sizes a large agent’s next first scan by the share widening observed', async () => {
    const pool = new SeedPoolService();
    const { reader, calls, firstScan } = fakeReader(50_000, 0.1);
    const first = await firstScan(60);
    calls.length = 0;
    const seeds = await pool.collect(reader, [], null, LIMIT, { vector: first, vectorMatched: first.found.length, fulltext: null }, agent);
    expect(seeds.vector).toHaveLength(LIMIT);
    expect(calls).toEqual(['size', 'index 240', 'index 480']);
    // Share 30/480 (a lower bound, the scan was cut at the limit) × safety 1.5.
    const next = pool.firstScanSizes(LIMIT, agent).vectorFetch;
    expect(next).toBe(720);
    const hinted = await firstScan(next);
    calls.length = 0;
    await pool.collect(reader, [], null, LIMIT, { vector: hinted, vectorMatched: 72, fulltext: null }, agent);
    expect(calls).toEqual([]);
    // The untruncated count of the hinted scan tightens the hint: 30 / 0.1 × 1.5.
    expect(pool.firstScanSizes(LIMIT, agent).vectorFetch).toBe(450);
    // Other agents are not affected.
    expect(pool.firstScanSizes(LIMIT, { ...agent, agentId: 'a2' }).vectorFetch).toBe(60);
  });

  it('never hints a small agent, which keeps its exact scan', async () => {
    const pool = new SeedPoolService();
    const { reader, calls, firstScan } = fakeReader(EXACT_SCAN_MAX, 0.01);
    const first = await firstScan(60);
    calls.length = 0;
    const seeds = await pool.collect(reader, [], null, LIMIT, { vector: first, vectorMatched: first.found.length, fulltext: null }, agent);
    expect(calls).toEqual(['size', 'exact']);
    expect(seeds.vector[0]?.id).toBe('x0');
    expect(pool.firstScanSizes(LIMIT, agent).vectorFetch).toBe(60);
  });
});
