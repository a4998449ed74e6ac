// The resident half of an exact search against the real Neo4j: a copy of an agent's vectors as
// int8 codes (CodedRows) chooses each probe's candidates and anchors, vector.agent-nearest-
// resident scores them exactly with whatever was stamped after the copy, and the answer is the
// agent's brute-force top k — also after memories were added, archived or changed behind the
// copy's back, where the query says when the copy's proof no longer holds.
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { findCypherDir, QueryRegistry } from '@limbic/graph';
import { CodedRows } from '../../libs/graph/src/resident-vectors/coded-rows';
import { deleteTenants, testDriver } from '../support/neo4j';
import { uniqueSuffix } from '../support/processes';

const REGISTRY = QueryRegistry.load(join(findCypherDir(), 'queries'), ['encode.create-memories', 'memory.update-apply', 'lifecycle.memory-archive', 'vector.agent-nearest-resident']);
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const NOW = Date.UTC(2026, 11, 7, 12);
const DIM = 64;
const K = 10;
const FAR_FUTURE = 9_000_000_000_000;

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Hit {
  readonly id: string;
  readonly score: number;
}

describe('vector.agent-nearest-resident: a held copy’s candidates, scored exactly, are the agent’s top k', () => {
  let driver: Driver;
  const suffix = uniqueSuffix();
  const tenantId = `vres_${suffix}`;
  const otherTenantId = `vres_other_${suffix}`;
  const agentId = 'a';
  const next = random(23);
  const unit = (v: number[]): number[] => {
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };
  const randomVector = (): number[] => unit(Array.from({ length: DIM }, () => next() - 0.5));
  /** What the store holds for the agent, as the test wrote it: id → vector, archived ids. */
  const vectors = new Map<string, number[]>();
  const archived = new Set<string>();
  /** The copy: row i is ids[i]. */
  let copy: CodedRows;
  let ids: string[];
  let rev: number;

  const write = async (name: 'encode.create-memories' | 'memory.update-apply' | 'lifecycle.memory-archive', params: Record<string, unknown>): Promise<void> => {
    const session = driver.session(DB);
    try {
      await session.executeWrite((tx) => tx.run(REGISTRY.get(name), params));
    } finally {
      await session.close();
    }
  };
  const encode = async (tenant: string, list: readonly { id: string; vector: number[] }[]): Promise<void> => {
    await write('encode.create-memories', {
      tenantId: tenant,
      agentId,
      now: NOW,
      embeddingModel: 'hash',
      memories: list.map(({ id, vector }) => ({
        id,
        content: `memory ${id}`,
        occurredAt: NOW,
        nextReviewAt: NOW + 86_400_000,
        sessionStartedAt: NOW,
        valence: 0,
        arousal: 0.3,
        dominance: 0.5,
        valenceBand: 'Neutral',
        concepts: [],
        tags: [],
        vector,
      })),
    });
    if (tenant === tenantId) for (const m of list) vectors.set(m.id, m.vector);
  };
  const search = async (probe: number[], found: { candidates: Int32Array; anchors: Int32Array }, extra: readonly string[] = []): Promise<{ proven: boolean; hits: Hit[] }> => {
    const session = driver.session(DB);
    try {
      const result = await session.run(REGISTRY.get('vector.agent-nearest-resident'), {
        tenantId,
        agentId,
        k: K,
        rev,
        withArchived: false,
        recallRows: false,
        probes: [{ key: 'p', vector: probe, before: FAR_FUTURE, candidates: [...Array.from(found.candidates, (r) => ids[r]!), ...extra], anchors: Array.from(found.anchors, (r) => ids[r]!) }],
      });
      const row = result.records[0]!;
      return { proven: row.get('proven') as boolean, hits: (row.get('hits') as Hit[]).map((h) => ({ id: h.id, score: h.score })) };
    } finally {
      await session.close();
    }
  };
  /** The brute-force top k of the live memories: ids whose cosine is at least the k-th best. */
  const bruteForce = (probe: number[]): { kth: number; score: Map<string, number> } => {
    const score = new Map<string, number>();
    for (const [id, v] of vectors) if (!archived.has(id)) score.set(id, v.reduce((s, x, j) => s + x * probe[j]!, 0));
    const kth = [...score.values()].sort((a, b) => b - a)[K - 1]!;
    return { kth, score };
  };
  const expectExact = (probe: number[], hits: readonly Hit[]): void => {
    const { kth, score } = bruteForce(probe);
    expect(hits).toHaveLength(K);
    for (const h of hits) expect(score.get(h.id)).toBeGreaterThanOrEqual(kth - 1e-6);
  };

  beforeAll(async () => {
    driver = testDriver();
    const session = driver.session(DB);
    try {
      await session.run('UNWIND [$t, $o] AS t CREATE (:Agent {tenantId: t, id: $a})', { t: tenantId, o: otherTenantId, a: agentId });
    } finally {
      await session.close();
    }
    // 600 memories, a sixth of them near copies of one vector (ties the bound cannot split).
    const centre = randomVector();
    const first = Array.from({ length: 600 }, (_, i) => ({ id: `${suffix}-${i}`, vector: i % 6 === 0 ? unit(centre.map((x) => x + (next() - 0.5) * 0.01)) : randomVector() }));
    for (let i = 0; i < first.length; i += 200) await encode(tenantId, first.slice(i, i + 200));
    // The same ids' neighbours in another tenant must never come back.
    await encode(otherTenantId, [{ id: `${suffix}-foreign`, vector: centre }]);
    const read = driver.session(DB);
    try {
      rev = (await read.run('MATCH (a:Agent {tenantId: $t, id: $a}) RETURN a.vectorRev AS rev', { t: tenantId, a: agentId })).records[0]!.get('rev') as number;
    } finally {
      await read.close();
    }
    ids = [...vectors.keys()];
    copy = await CodedRows.create(DIM);
    await copy.append(ids.map((id) => vectors.get(id)!));
  }, 120_000);

  afterAll(async () => {
    await deleteTenants([tenantId, otherTenantId]);
    await driver.close();
  });

  it('answers the brute-force top k from the copy’s candidates (40 probes, a fifth at the cluster)', async () => {
    let candidates = 0;
    for (let t = 0; t < 40; t++) {
      const probe = t % 5 === 0 ? vectors.get(`${suffix}-0`)! : randomVector();
      const found = copy.candidates(probe, K);
      const { proven, hits } = await search(probe, found);
      expect(proven).toBe(true);
      expectExact(probe, hits);
      candidates += found.candidates.length;
    }
    expect(candidates / 40).toBeLessThan(300);
  });

  it('finds memories added after the copy, and never another tenant’s', async () => {
    const probe = randomVector();
    await encode(tenantId, [{ id: `${suffix}-new`, vector: probe }]);
    const { proven, hits } = await search(probe, copy.candidates(probe, K), [`${suffix}-foreign`]);
    expect(proven).toBe(true);
    expect(hits[0]!.id).toBe(`${suffix}-new`);
    expect(hits.map((h) => h.id)).not.toContain(`${suffix}-foreign`);
    expectExact(probe, hits);
  });

  it('says the proof no longer holds when an anchor was archived or changed, and scores the change exactly', async () => {
    const probe = randomVector();
    const found = copy.candidates(probe, K);
    const anchor = ids[found.anchors[0]!]!;
    await write('lifecycle.memory-archive', { tenantId, memoryId: anchor, now: NOW + 1 });
    archived.add(anchor);
    let answer = await search(probe, found);
    expect(answer.proven).toBe(false);
    expect(answer.hits.map((h) => h.id)).not.toContain(anchor);

    const moved = ids[found.anchors[1]!]!;
    const away = probe.map((x) => -x);
    await write('memory.update-apply', { tenantId, agentId, memoryId: moved, set: {}, now: NOW + 2, valenceBand: null, valenceBands: [], vector: away, embeddingModel: 'hash', concepts: null });
    vectors.set(moved, away);
    // A wider search of the same stale copy: the archived and the changed anchor are out, both reported.
    answer = await search(probe, copy.candidates(probe, K + 5));
    expect(answer.proven).toBe(false);
    expect(answer.hits.map((h) => h.id)).not.toContain(moved);
    expectExact(probe, answer.hits);
  });
});
