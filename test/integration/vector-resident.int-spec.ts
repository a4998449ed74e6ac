// The resident half of an exact search against the real Neo4j: a copy of an agent's vectors as
// int8 codes (CodedRows) chooses each probe's candidates and anchors, vector.agent-nearest-
// resident scores them exactly with whatever was stamped after the copy, and the answer is the
// agent's brute-force top k — also after memories were added, archived or changed behind the
// copy's back, where the query says when the copy's proof no longer holds.
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { AgentVectorSearch, findCypherDir, metadataPair, NO_FILTER, QueryRegistry, ResidentVectors, type MemoryFilter } from '@limbic/graph';
import { vectorSearches } from '@limbic/observability';
import { CodedRows } from '../../libs/graph/src/resident-vectors/coded-rows';
import { openGraph, type InProcessGraph } from '../support/graph';
import { deleteTenants, testDriver } from '../support/neo4j';
import { uniqueSuffix } from '../support/processes';

const REGISTRY = QueryRegistry.load(join(findCypherDir(), 'queries'), ['encode.create-memories', 'memory.update-apply', 'lifecycle.memory-archive', 'vector.agent-nearest-resident']);
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const NOW = Date.UTC(2026, 11, 7, 12);
// The slot index's dimension (a probe of another would be refused by the index when a search falls back to it).
const DIM = 384;
const K = 10;
const FAR_FUTURE = 9_000_000_000_000;

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const unit = (v: number[]): number[] => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

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
        filter: NO_FILTER,
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

describe('ResidentVectors behind AgentVectorSearch: exact while the agent changes behind the copy', () => {
  const suffix = uniqueSuffix();
  const tenantId = `vrh_${suffix}`;
  const scope = { tenantId, agentId: 'big' };
  const next = random(41);
  const randomVector = (): number[] => unit(Array.from({ length: DIM }, () => next() - 0.5));
  const live = new Map<string, number[]>();
  let graph: InProcessGraph;
  let resident: ResidentVectors;
  let search: AgentVectorSearch;

  const write = async (name: 'encode.create-memories' | 'memory.update-apply' | 'lifecycle.memory-archive', params: Record<string, unknown>): Promise<void> => {
    await graph.executor.writeTx('test.write', (tx) => tx.run(name, params));
  };
  const encode = async (list: readonly { id: string; vector: number[] }[]): Promise<void> => {
    await write('encode.create-memories', {
      ...scope,
      now: NOW,
      embeddingModel: 'hash',
      memories: list.map(({ id, vector }) => ({ id, content: id, occurredAt: NOW, nextReviewAt: NOW + 86_400_000, sessionStartedAt: NOW, valence: 0, arousal: 0.3, dominance: 0.5, valenceBand: 'Neutral', concepts: [], tags: [], vector })),
    });
    for (const m of list) live.set(m.id, m.vector);
  };
  const nearest = async (probe: number[], k = K): Promise<string[]> =>
    ((await graph.executor.readTx('test.search', (tx) => search.nearest(tx, scope, [{ key: 'q', embedding: probe }], { k }))).get('q') ?? []).map((h) => h.id);
  const expectExact = (probe: number[], ids: readonly string[]): void => {
    const scores = new Map([...live].map(([id, v]) => [id, v.reduce((s, x, j) => s + x * probe[j]!, 0)] as const));
    const kth = [...scores.values()].sort((a, b) => b - a)[K - 1]!;
    expect(ids).toHaveLength(K);
    for (const id of ids) expect(scores.get(id)).toBeGreaterThanOrEqual(kth - 1e-6);
  };

  beforeAll(async () => {
    graph = await openGraph([tenantId]);
    await graph.driver.executeQuery('CREATE (:Agent {tenantId: $tenantId, id: $agentId, creationToken: "first"})', scope, DB);
    const all = Array.from({ length: 1200 }, (_, i) => ({ id: `${suffix}-${i}`, vector: randomVector() }));
    for (let i = 0; i < all.length; i += 300) await encode(all.slice(i, i + 300));
    resident = new ResidentVectors(graph.executor, undefined, { minMemories: 1000, budgetBytes: 64 * 2 ** 20 });
    search = new AgentVectorSearch(undefined, undefined, resident);
    resident.copyOf(scope, 'embedding');
    await resident.settled(scope, 'embedding');
  }, 120_000);

  afterAll(async () => {
    await graph?.close();
  });

  it('holds the agent and answers from the copy', async () => {
    const copy = resident.copyOf(scope, 'embedding');
    expect(copy?.ids.length).toBe(1200);
    for (let t = 0; t < 10; t++) {
      const probe = randomVector();
      expectExact(probe, await nearest(probe));
    }
    expect(resident.copyOf(scope, 'embedding')).toBe(copy);
  });

  it('finds memories encoded after the copy, and a memory whose vector changed, at once', async () => {
    const probe = randomVector();
    await encode([{ id: `${suffix}-late`, vector: probe }]);
    let ids = await nearest(probe);
    expect(ids[0]).toBe(`${suffix}-late`);
    expectExact(probe, ids);
    const other = randomVector();
    const moved = `${suffix}-7`;
    await write('memory.update-apply', { ...scope, memoryId: moved, set: {}, now: NOW + 1, valenceBand: null, valenceBands: [], vector: other, embeddingModel: 'hash', concepts: null });
    live.set(moved, other);
    ids = await nearest(other);
    expect(ids[0]).toBe(moved);
    expectExact(other, ids);
  });

  it('stays exact when the memories its proof leans on are archived, and loads a fresh copy', async () => {
    const copy = resident.copyOf(scope, 'embedding');
    const probe = randomVector();
    const first = await nearest(probe);
    for (const id of first.slice(0, 3)) {
      await write('lifecycle.memory-archive', { tenantId, memoryId: id, now: NOW + 2 });
      live.delete(id);
    }
    const ids = await nearest(probe);
    expect(ids.filter((id) => first.slice(0, 3).includes(id))).toEqual([]);
    expectExact(probe, ids);
    await resident.settled(scope, 'embedding');
    const renewed = resident.copyOf(scope, 'embedding');
    expect(renewed).not.toBe(copy);
    expect(renewed!.archived.reduce((s, a) => s + a, 0)).toBe(3);
  });

  it('never answers from the copy of an agent deleted and made again under the same id', async () => {
    expect(resident.copyOf(scope, 'embedding')).toBeDefined();
    await graph.driver.executeQuery('MATCH (n) WHERE n.tenantId = $tenantId DETACH DELETE n', scope, DB);
    await graph.driver.executeQuery('CREATE (:Agent {tenantId: $tenantId, id: $agentId, creationToken: "second"})', scope, DB);
    live.clear();
    await encode(Array.from({ length: 20 }, (_, i) => ({ id: `${suffix}-again-${i}`, vector: randomVector() })));
    const probe = randomVector();
    const ids = await nearest(probe);
    expect(ids.every((id) => id.startsWith(`${suffix}-again-`))).toBe(true);
    expectExact(probe, ids);
    // Let go of at once (the query named another incarnation), not kept answering until a reload.
    expect(resident.copyOf(scope, 'embedding')).toBeUndefined();
    await resident.settled(scope, 'embedding');
    // 20 memories: too few to hold.
    expect(resident.copyOf(scope, 'embedding')).toBeUndefined();
  });
});

describe('filtered searches of a large agent: exact from its copy, and by the exact scan before the copy is held', () => {
  const suffix = uniqueSuffix();
  const tenantId = `vrf_${suffix}`;
  const scope = { tenantId, agentId: 'big' };
  const next = random(77);
  const randomVector = (): number[] => unit(Array.from({ length: DIM }, () => next() - 0.5));
  interface Stored {
    vector: number[];
    scope: string | null;
    tags: string[];
    pairs: string[];
    occurredAt: number;
  }
  const live = new Map<string, Stored>();
  const HOUR = 3_600_000;
  let graph: InProcessGraph;

  const passes = (m: Stored, f: MemoryFilter): boolean =>
    (f.scope === null || m.scope === f.scope) &&
    (f.tagsAny.length === 0 || f.tagsAny.some((t) => m.tags.includes(t))) &&
    f.tagsAll.every((t) => m.tags.includes(t)) &&
    (f.after === null || m.occurredAt >= f.after) &&
    (f.before === null || m.occurredAt < f.before) &&
    f.metadataPairs.every((p) => m.pairs.includes(p));
  const expectExact = (probe: number[], filter: MemoryFilter, ids: readonly string[]): void => {
    const scores = new Map([...live].filter(([, m]) => passes(m, filter)).map(([id, m]) => [id, m.vector.reduce((s, x, j) => s + x * probe[j]!, 0)] as const));
    const want = Math.min(K, scores.size);
    const kth = [...scores.values()].sort((a, b) => b - a)[want - 1]!;
    expect(ids).toHaveLength(want);
    for (const id of ids) expect(scores.get(id)).toBeGreaterThanOrEqual(kth - 1e-6);
  };
  const filters: MemoryFilter[] = [
    { ...NO_FILTER, scope: 'a' },
    { ...NO_FILTER, tagsAny: ['red'] },
    { ...NO_FILTER, tagsAll: ['red', 'blue'] },
    { ...NO_FILTER, metadataPairs: [metadataPair('k', 'v')] },
    { ...NO_FILTER, after: NOW - 300 * HOUR, before: NOW - 100 * HOUR },
    { scope: 'b', tagsAny: ['blue'], tagsAll: [], after: NOW - 1000 * HOUR, before: null, metadataPairs: [metadataPair('k', 'v')] },
    { ...NO_FILTER, scope: 'nowhere' },
  ];
  const nearest = async (search: AgentVectorSearch, probe: number[], filter: MemoryFilter): Promise<string[]> =>
    ((await graph.executor.readTx('test.search', (tx) => search.nearest(tx, scope, [{ key: 'q', embedding: probe }], { k: K, filter }))).get('q') ?? []).map((h) => h.id);
  const count = async (path: string): Promise<number> => (await vectorSearches.get()).values.find((v) => v.labels.path === path)?.value ?? 0;

  beforeAll(async () => {
    graph = await openGraph([tenantId]);
    await graph.driver.executeQuery('CREATE (:Agent {tenantId: $tenantId, id: $agentId, creationToken: "first"})', scope, DB);
    const all = Array.from({ length: 1200 }, (_, i) => {
      const m: Stored = {
        vector: randomVector(),
        scope: ['a', 'b', null][i % 3]!,
        tags: [...(i % 4 === 0 ? ['red'] : []), ...(i % 5 === 0 ? ['blue'] : [])],
        pairs: i % 2 === 0 ? [metadataPair('k', 'v')] : [metadataPair('k', 'w')],
        occurredAt: NOW - i * HOUR,
      };
      return { id: `${suffix}-${i}`, m };
    });
    for (let i = 0; i < all.length; i += 300) {
      const batch = all.slice(i, i + 300);
      await graph.executor.writeTx('test.write', (tx) =>
        tx.run('encode.create-memories', {
          ...scope,
          now: NOW,
          embeddingModel: 'hash',
          memories: batch.map(({ id, m }) => ({
            id, content: id, occurredAt: m.occurredAt, nextReviewAt: NOW + 86_400_000, sessionStartedAt: NOW, valence: 0, arousal: 0.3, dominance: 0.5,
            valenceBand: 'Neutral', concepts: [], tags: m.tags, scope: m.scope, metadataPairs: m.pairs, vector: m.vector,
          })),
        }),
      );
      for (const { id, m } of batch) live.set(id, m);
    }
  }, 120_000);

  afterAll(async () => {
    await graph?.close();
  });

  it('answers each filter exactly by the exact scan while the copy loads, then from the copy, also after memories changed', async () => {
    const resident = new ResidentVectors(graph.executor, undefined, { minMemories: 1000, budgetBytes: 64 * 2 ** 20 });
    const search = new AgentVectorSearch(undefined, undefined, resident);
    // The first search waits for the agent's size only: large, not yet held, so scanned exactly.
    const exactBefore = await count('exact');
    const probe = randomVector();
    const first = await nearest(search, probe, filters[0]!);
    expect(await count('exact')).toBe(exactBefore + 1);
    expectExact(probe, filters[0]!, first);

    await resident.settled(scope, 'embedding');
    expect(resident.copyOf(scope, 'embedding')?.ids.length).toBe(1200);
    const residentBefore = await count('resident');
    const exactHeld = await count('exact');
    for (const filter of filters) {
      for (let t = 0; t < 5; t++) {
        const p = randomVector();
        expectExact(p, filter, await nearest(search, p, filter));
      }
    }
    // Each proven by the copy at once: none went on to the exact scan.
    expect(await count('resident')).toBe(residentBefore + 5 * filters.length);
    expect(await count('exact')).toBe(exactHeld);

    // Behind the copy's back: a memory moves into scope a right beside the probe, and the best
    // memory of scope a moves out of it.
    const target = randomVector();
    const before = await nearest(search, target, filters[0]!);
    const into = [...live].find(([, m]) => m.scope === 'b')![0];
    const outOf = before[0]!;
    const update = (memoryId: string, set: Record<string, unknown>, vector: number[] | null) =>
      graph.executor.writeTx('test.write', (tx) =>
        tx.run('memory.update-apply', { ...scope, memoryId, set, now: NOW + 1, valenceBand: null, valenceBands: [], vector, embeddingModel: 'hash', concepts: null }),
      );
    await update(into, { scope: 'a' }, target);
    live.set(into, { ...live.get(into)!, scope: 'a', vector: target });
    await update(outOf, { scope: 'b' }, null);
    live.set(outOf, { ...live.get(outOf)!, scope: 'b' });
    const after = await nearest(search, target, filters[0]!);
    expect(after[0]).toBe(into);
    expect(after).not.toContain(outOf);
    expectExact(target, filters[0]!, after);
  });
});
