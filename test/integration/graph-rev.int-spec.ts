// The graph revisions of an agent (Agent.graphRev, Agent.effectsRev) against the query text that
// must raise them. The API's copy of an agent's spreading graph (SpreadGraphCache) serves a
// recall only while the revision it was loaded at is still the agent's, so a writer that changes
// the agent's resonance edges or the set of its live memories without raising graphRev in its
// own transaction leaves recalls spreading over a stale graph, silently. This file runs each
// writer's text as the registry sends it (includes resolved) through the test driver, in a
// tenant of its own, and also checks the two queries that load the copy (spread.graph-rev,
// spread.agent-graph).
import { join } from 'node:path';
import type { Driver, ManagedTransaction } from 'neo4j-driver';
import { findCypherDir, QueryRegistry, type QueryName } from '@limbic/graph';
import { deleteTenants, testDriver } from '../support/neo4j';
import { uniqueSuffix } from '../support/processes';

const WRITERS = [
  'encode.raise-graph-rev',
  'memory.update-unlink',
  'lifecycle.delete-memories-batch',
  'lifecycle.delete-owned-batch',
  'lifecycle.import-edges',
  'appraisal.lock',
  'lifecycle.memory-archive',
  'lifecycle.memory-restore',
  'lifecycle.memory-chain-neighbours',
  'consolidation.review-lock',
  'recall-effects.apply-edges',
] as const satisfies readonly QueryName[];
type Writer = (typeof WRITERS)[number];

const REGISTRY = QueryRegistry.load(join(findCypherDir(), 'queries'), [...WRITERS, 'encode.link', 'encode.unchain', 'spread.graph-rev', 'spread.agent-graph']);
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const RESONANCE = new Set(['SEMANTIC', 'EMOTIONAL', 'TEMPORAL', 'CAUSAL', 'CONTRASTIVE']);
const NO_EDGES = { from: [], to: [], types: [], weights: [], chains: [], revs: [], gaps: [] };

type Row = Record<string, unknown>;
type EdgeRow = [from: string, to: string, type: string, weight: number, chain: boolean];
interface Revs {
  readonly graphRev: number;
  readonly effectsRev: number;
}

/**
 * One writer's world: the agent under test (its node absent when made without one), a sibling
 * agent of the same tenant and an agent of the same id in a second tenant, each with memories
 * of its own. m[3] is the memory a case archives or restores.
 */
interface Fixture {
  readonly tenantId: string;
  readonly otherTenantId: string;
  readonly agentId: string;
  readonly siblingId: string;
  /** The agent's memories. */
  readonly m: readonly [string, string, string, string];
  /** The sibling's memories. */
  readonly s: readonly [string, string];
  /** The memories of the same agent id in the other tenant. */
  readonly o: readonly [string, string];
}

interface EdgeSpec {
  readonly from: string;
  readonly to: string;
  readonly type: string;
  /** Default: the fixture's tenant and agent, weight 0.5. */
  readonly props?: Row;
}

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly type: string;
  readonly weight: unknown;
  readonly chain: unknown;
  readonly agentId: unknown;
}

/**
 * A writer as its repository runs it: what it needs beyond the fixture (`seed`), the statements
 * of its transaction (`run`, the writer's rows returned) and the work it must still do with the
 * revision raise in front of it (`check`). `counter`: the revision it raises. `agentless`: what
 * it returns when the agent node does not exist, its usual rows ('same') or none (the writer
 * that matches the agent to lock it, and so reports the agent gone).
 */
interface WriterCase {
  readonly name: Writer;
  readonly counter: keyof Revs;
  readonly agentless: 'same' | 'none';
  readonly seed?: (f: Fixture) => Promise<void>;
  readonly run: (f: Fixture) => Promise<Row[]>;
  readonly check: (f: Fixture, rows: Row[]) => Promise<void>;
}

describe('Agent graph revisions (graphRev, effectsRev) on the real Neo4j', () => {
  let driver: Driver;
  const suffix = uniqueSuffix();
  const tenantId = `graphrev_${suffix}`;
  const otherTenantId = `graphrev_${suffix}_other`;
  let fixtures = 0;

  beforeAll(() => {
    driver = testDriver();
  });
  afterAll(async () => {
    await deleteTenants([tenantId, otherTenantId]);
    await driver.close();
  });

  async function write(work: (tx: ManagedTransaction) => Promise<Row[]>): Promise<Row[]> {
    const session = driver.session(DB);
    try {
      return await session.executeWrite(work);
    } finally {
      await session.close();
    }
  }

  async function read(name: QueryName, params: Row): Promise<Row[]> {
    const session = driver.session({ ...DB, defaultAccessMode: 'READ' });
    try {
      return await session.executeRead(async (tx) => (await tx.run(REGISTRY.get(name), params)).records.map((r) => r.toObject()));
    } finally {
      await session.close();
    }
  }

  /** One statement in a write transaction of its own, as `db.write` runs it. */
  function runWriter(name: Writer | 'encode.link' | 'encode.unchain', params: Row): Promise<Row[]> {
    return write(async (tx) => (await tx.run(REGISTRY.get(name), params)).records.map((r) => r.toObject()));
  }

  /** An encode's graph writes as EncodeService runs them: the raise once, then the links, in one transaction; the raise's rows. */
  function runEncode(params: Row, linkParams: Row | null, unchainParams: Row | null): Promise<Row[]> {
    return write(async (tx) => {
      const raised = (await tx.run(REGISTRY.get('encode.raise-graph-rev'), params)).records.map((r) => r.toObject());
      if (unchainParams) await tx.run(REGISTRY.get('encode.unchain'), { ...params, ...unchainParams });
      if (linkParams) await tx.run(REGISTRY.get('encode.link'), { ...params, now: Date.now(), ...linkParams });
      return raised;
    });
  }

  async function fixture(withAgent = true): Promise<Fixture> {
    const n = ++fixtures;
    const f: Fixture = {
      tenantId,
      otherTenantId,
      agentId: `agent-${n}`,
      siblingId: `sibling-${n}`,
      m: [`${tenantId}-f${n}-m0`, `${tenantId}-f${n}-m1`, `${tenantId}-f${n}-m2`, `${tenantId}-f${n}-m3`],
      s: [`${tenantId}-f${n}-s0`, `${tenantId}-f${n}-s1`],
      o: [`${otherTenantId}-f${n}-o0`, `${otherTenantId}-f${n}-o1`],
    };
    // Revisions raised before: a writer must add to them, not start them over.
    const agents = [...(withAgent ? [{ tenantId, id: f.agentId }] : []), { tenantId, id: f.siblingId }, { tenantId: otherTenantId, id: f.agentId }];
    await driver.executeQuery(
      `UNWIND $agents AS x
       CREATE (:Agent {tenantId: x.tenantId, id: x.id, graphRev: 3, effectsRev: 2, creationToken: randomUUID()})`,
      { agents },
      DB,
    );
    const memories = [
      ...f.m.map((id) => ({ id, tenantId, agentId: f.agentId })),
      ...f.s.map((id) => ({ id, tenantId, agentId: f.siblingId })),
      ...f.o.map((id) => ({ id, tenantId: otherTenantId, agentId: f.agentId })),
    ];
    await driver.executeQuery(
      `UNWIND range(0, size($memories) - 1) AS i
       WITH $memories[i] AS x, datetime({epochMillis: toInteger($t0) + i * 60000}) AS at
       CREATE (:Memory {id: x.id, tenantId: x.tenantId, agentId: x.agentId, archived: false, embedding: [1.0, 0.0, 0.0, 0.0],
         content: 'memory ' + x.id, occurredAt: at, encodedAt: at, valence: 0.1, arousal: 0.3, dominance: 0.5, importance: 0.5, reviewCount: 0})`,
      { memories, t0: Date.UTC(2026, 0, 5, 9) },
      DB,
    );
    // The sibling and the other tenant have a graph of their own, which no writer of the agent may touch.
    await edges(f, [
      { from: f.s[0], to: f.s[1], type: 'SEMANTIC', props: { tenantId, agentId: f.siblingId, weight: 0.5 } },
      { from: f.o[0], to: f.o[1], type: 'SEMANTIC', props: { tenantId: otherTenantId, agentId: f.agentId, weight: 0.5 } },
    ]);
    return f;
  }

  async function edges(f: Fixture, specs: readonly EdgeSpec[]): Promise<void> {
    await driver.executeQuery(
      `CYPHER 25
       UNWIND $specs AS e
       MATCH (a:Memory {id: e.from}), (b:Memory {id: e.to})
       CREATE (a)-[r:$(e.type)]->(b)
       SET r = e.props`,
      { specs: specs.map((e) => ({ ...e, props: e.props ?? { tenantId: f.tenantId, agentId: f.agentId, weight: 0.5 } })) },
      DB,
    );
  }

  /** Every edge leaving one of these memories, whatever its type. */
  async function edgesFrom(ids: readonly string[]): Promise<Edge[]> {
    const { records } = await driver.executeQuery(
      `MATCH (x:Memory)-[r]->(y)
       WHERE x.id IN $ids
       RETURN x.id AS from, y.id AS to, type(r) AS type, r.weight AS weight, r.chain AS chain, r.agentId AS agentId
       ORDER BY from, to, type`,
      { ids },
      DB,
    );
    return records.map((r) => r.toObject() as unknown as Edge);
  }

  async function memories(ids: readonly string[]): Promise<{ id: string; archived: unknown }[]> {
    const { records } = await driver.executeQuery('MATCH (m:Memory) WHERE m.id IN $ids RETURN m.id AS id, m.archived AS archived ORDER BY id', { ids }, DB);
    return records.map((r) => ({ id: r.get('id') as string, archived: r.get('archived') }));
  }

  async function revs(tenant: string, agentId: string): Promise<Revs | null> {
    const [row] = await read('spread.graph-rev', { tenantId: tenant, agentId });
    return row ? { graphRev: row.graphRev as number, effectsRev: row.effectsRev as number } : null;
  }

  async function allRevs(f: Fixture): Promise<{ own: Revs | null; sibling: Revs | null; elsewhere: Revs | null }> {
    return { own: await revs(f.tenantId, f.agentId), sibling: await revs(f.tenantId, f.siblingId), elsewhere: await revs(f.otherTenantId, f.agentId) };
  }

  const scope = (f: Fixture) => ({ tenantId: f.tenantId, agentId: f.agentId });
  const chain = (f: Fixture, weight = 0.9) => ({ tenantId: f.tenantId, agentId: f.agentId, weight, chain: true });

  const CASES: readonly WriterCase[] = [
    {
      name: 'encode.raise-graph-rev',
      counter: 'graphRev',
      agentless: 'none',
      seed: (f) =>
        edges(f, [
          { from: f.m[0], to: f.m[1], type: 'TEMPORAL', props: chain(f) },
          { from: f.m[1], to: f.m[2], type: 'TEMPORAL', props: { ...chain(f, 0.4), chain: false } },
        ]),
      run: (f) =>
        runEncode(
          scope(f),
          {
            links: [
              { from: f.m[0], to: f.m[1], type: 'SEMANTIC', weight: 0.6 },
              { from: f.m[1], to: f.m[2], type: 'TEMPORAL', weight: 0.9, chain: true },
              // Dropped: a type outside the allow-list, and an end of another agent.
              { from: f.m[0], to: f.m[2], type: 'CO_RECALLED', weight: 1 },
              { from: f.m[0], to: f.s[0], type: 'SEMANTIC', weight: 0.7 },
            ],
          },
          {
            pairs: [
              { from: f.m[0], to: f.m[1] },
              { from: f.m[1], to: f.m[2] },
            ],
          },
        ),
      check: async (f, rows) => {
        // The raise answers the revision it moved to, for the API to bring its copy along.
        expect(rows).toEqual([{ graphRev: 4, incarnation: expect.any(String) }]);
        // Unchained: the chain edge only (the other temporal edge is a content link); then linked.
        const after = await edgesFrom(f.m);
        expect(after).toHaveLength(3);
        expect(after).toEqual(
          expect.arrayContaining([
            { from: f.m[0], to: f.m[1], type: 'SEMANTIC', weight: 0.6, chain: false, agentId: f.agentId },
            { from: f.m[1], to: f.m[2], type: 'TEMPORAL', weight: 0.4, chain: false, agentId: f.agentId },
            { from: f.m[1], to: f.m[2], type: 'TEMPORAL', weight: 0.9, chain: true, agentId: f.agentId },
          ]),
        );
      },
    },
    {
      name: 'memory.update-unlink',
      counter: 'graphRev',
      agentless: 'same',
      seed: (f) =>
        edges(f, [
          { from: f.m[0], to: f.m[1], type: 'SEMANTIC' },
          { from: f.m[2], to: f.m[0], type: 'EMOTIONAL' },
          { from: f.m[0], to: f.m[3], type: 'TEMPORAL', props: chain(f) },
          { from: f.m[1], to: f.m[2], type: 'CAUSAL' },
        ]),
      run: (f) => runWriter('memory.update-unlink', { ...scope(f), memoryId: f.m[0] }),
      check: async (f, rows) => {
        // Both of the memory's content edges, whichever way they run; the chain and the others' stay.
        expect(rows).toEqual([{ removed: 2 }]);
        expect((await edgesFrom(f.m)).map((e) => [e.from, e.to, e.type])).toEqual([
          [f.m[0], f.m[3], 'TEMPORAL'],
          [f.m[1], f.m[2], 'CAUSAL'],
        ]);
      },
    },
    {
      name: 'lifecycle.delete-memories-batch',
      counter: 'graphRev',
      agentless: 'same',
      seed: (f) =>
        edges(f, [
          { from: f.m[0], to: f.m[1], type: 'SEMANTIC' },
          { from: f.m[1], to: f.m[2], type: 'EMOTIONAL' },
        ]),
      run: (f) => runWriter('lifecycle.delete-memories-batch', { ...scope(f), batchSize: 3 }),
      check: async (f, rows) => {
        // One batch of three: the fourth memory waits for the next batch.
        expect(rows).toEqual([{ nodes: 3, edges: expect.any(Number) }]);
        expect(await memories(f.m)).toHaveLength(1);
        expect(await memories([...f.s, ...f.o])).toHaveLength(4);
      },
    },
    {
      name: 'lifecycle.delete-owned-batch',
      counter: 'graphRev',
      agentless: 'same',
      seed: async (f) => {
        await edges(f, [{ from: f.m[0], to: f.m[1], type: 'SEMANTIC' }]);
        await driver.executeQuery("CREATE (:Goal {id: $id, tenantId: $tenantId, agentId: $agentId, name: 'ship it'})", { id: `${f.m[0]}-goal`, ...scope(f) }, DB);
      },
      run: (f) => runWriter('lifecycle.delete-owned-batch', { ...scope(f), batchSize: 100 }),
      check: async (f, rows) => {
        expect(rows).toEqual([{ memories: 4, goals: 1, concepts: 0, nodes: 5, edges: 1 }]);
        expect(await memories(f.m)).toEqual([]);
        expect(await memories([...f.s, ...f.o])).toHaveLength(4);
      },
    },
    {
      name: 'lifecycle.import-edges',
      counter: 'graphRev',
      agentless: 'same',
      // As the import runs it: the nodes are made earlier in the same transaction and named by
      // element id, which means nothing outside it.
      run: (f) =>
        write(async (tx) => {
          const made = await tx.run(
            `UNWIND $ids AS id
             CREATE (m:Memory {id: id, tenantId: $tenantId, agentId: $agentId, archived: false, embedding: [0.0, 1.0, 0.0, 0.0], content: 'imported ' + id})
             RETURN elementId(m) AS ref`,
            { ...scope(f), ids: [`${f.m[0]}-i0`, `${f.m[0]}-i1`] },
          );
          const [a, b] = made.records.map((r) => r.get('ref') as string);
          const rows = [
            { type: 'SEMANTIC', from: a, to: b, props: { ...scope(f), weight: 0.4 } },
            { type: 'CAUSAL', from: b, to: a, props: { ...scope(f), weight: 0.2 } },
            // Dropped: a type outside the allow-list.
            { type: 'OWNS', from: a, to: b, props: { tenantId: f.tenantId } },
          ];
          return (await tx.run(REGISTRY.get('lifecycle.import-edges'), { ...scope(f), rows })).records.map((r) => r.toObject());
        }),
      check: async (f, rows) => {
        expect(rows).toEqual([{ edges: 2 }]);
        expect((await edgesFrom([`${f.m[0]}-i0`, `${f.m[0]}-i1`])).map((e) => [e.from, e.to, e.type, e.weight])).toEqual([
          [`${f.m[0]}-i0`, `${f.m[0]}-i1`, 'SEMANTIC', 0.4],
          [`${f.m[0]}-i1`, `${f.m[0]}-i0`, 'CAUSAL', 0.2],
        ]);
      },
    },
    {
      name: 'appraisal.lock',
      counter: 'effectsRev',
      // The lock matches the agent: without it the appraisal is skipped (AppraisalUnit.lock).
      agentless: 'none',
      seed: (f) => edges(f, [{ from: f.m[0], to: f.m[1], type: 'SEMANTIC' }]),
      run: (f) => runWriter('appraisal.lock', { ...scope(f), memoryId: f.m[0] }),
      check: async (f, rows) => {
        expect(rows).toEqual([{ memoryId: f.m[0] }]);
        // The scratch property that takes the locks is gone again, on the memory and its neighbour.
        const { records } = await driver.executeQuery('MATCH (m:Memory) WHERE m.id IN $ids AND m.appraisalLock IS NOT NULL RETURN count(m) AS n', { ids: f.m }, DB);
        expect(records[0]?.get('n')).toBe(0);
      },
    },
    {
      name: 'lifecycle.memory-archive',
      counter: 'graphRev',
      agentless: 'same',
      run: (f) => runWriter('lifecycle.memory-archive', { tenantId: f.tenantId, memoryId: f.m[3], now: Date.now() }),
      check: async (f, rows) => {
        expect(rows).toEqual([{ memory: expect.objectContaining({ id: f.m[3], archived: true, embedding: null }), changed: true }]);
        expect(await memories([f.m[3]])).toEqual([{ id: f.m[3], archived: true }]);
      },
    },
    {
      name: 'lifecycle.memory-restore',
      counter: 'graphRev',
      agentless: 'same',
      seed: async (f) => {
        await driver.executeQuery('MATCH (m:Memory {id: $id}) SET m.archived = true, m.archivedAt = datetime()', { id: f.m[3] }, DB);
      },
      run: (f) => runWriter('lifecycle.memory-restore', { tenantId: f.tenantId, memoryId: f.m[3], now: Date.now() }),
      check: async (f, rows) => {
        expect(rows).toEqual([{ memory: expect.objectContaining({ id: f.m[3], archived: false }), changed: true }]);
        expect(await memories([f.m[3]])).toEqual([{ id: f.m[3], archived: false }]);
      },
    },
    {
      name: 'lifecycle.memory-chain-neighbours',
      counter: 'graphRev',
      agentless: 'same',
      seed: (f) =>
        edges(f, [
          { from: f.m[0], to: f.m[1], type: 'TEMPORAL', props: chain(f) },
          { from: f.m[1], to: f.m[2], type: 'TEMPORAL', props: chain(f) },
        ]),
      run: (f) => runWriter('lifecycle.memory-chain-neighbours', { tenantId: f.tenantId, memoryId: f.m[1] }),
      check: async (f, rows) => {
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ agentId: f.agentId, content: `memory ${f.m[1]}` });
        const neighbours = rows[0]?.neighbours as { id: string; outgoing: boolean }[];
        expect(neighbours.map((x) => [x.id, x.outgoing]).sort()).toEqual([
          [f.m[0], false],
          [f.m[2], true],
        ]);
      },
    },
    {
      name: 'consolidation.review-lock',
      counter: 'graphRev',
      agentless: 'same',
      run: (f) => runWriter('consolidation.review-lock', { tenantId: f.tenantId, memoryId: f.m[0], now: Date.UTC(2026, 1, 1) }),
      check: async (f, rows) => {
        expect(rows).toEqual([{ memoryId: f.m[0] }]);
        const { records } = await driver.executeQuery('MATCH (m:Memory {id: $id}) RETURN m.reviewAttemptedAt.epochMillis AS at', { id: f.m[0] }, DB);
        expect(records[0]?.get('at')).toBe(Date.UTC(2026, 1, 1));
      },
    },
    {
      name: 'recall-effects.apply-edges',
      counter: 'effectsRev',
      agentless: 'same',
      seed: (f) => edges(f, [{ from: f.m[0], to: f.m[1], type: 'SEMANTIC', props: { ...scope(f), weight: 0.5, coActivations: 1 } }]),
      run: (f) =>
        runWriter('recall-effects.apply-edges', {
          ...scope(f),
          now: Date.now(),
          strengthen: [{ a: f.m[1], b: f.m[0], type: 'SEMANTIC', weight: 0.62 }],
          counters: [{ a: f.m[0], b: f.m[2], count: 2 }],
          create: [{ a: f.m[1], b: f.m[2], weight: 0.3, count: 3 }],
        }),
      check: async (f, rows) => {
        expect(rows).toEqual([{ done: 1 }]);
        expect((await edgesFrom(f.m)).map((e) => [e.from, e.to, e.type, e.weight])).toEqual([
          [f.m[0], f.m[1], 'SEMANTIC', 0.62],
          [f.m[0], f.m[2], 'CO_RECALLED', null],
          [f.m[1], f.m[2], 'SEMANTIC', 0.3],
        ]);
      },
    },
  ];

  it('has a case for every writer of the revision contract', () => {
    expect(CASES.map((c) => c.name).sort()).toEqual([...WRITERS].sort());
  });

  describe.each(CASES)('$name', (c) => {
    it(`raises the agent's ${c.counter} in its transaction, and no other agent's revisions`, async () => {
      const f = await fixture();
      await c.seed?.(f);
      const before = await allRevs(f);
      const rows = await c.run(f);
      const after = await allRevs(f);

      expect(after.own?.[c.counter]).toBeGreaterThanOrEqual((before.own?.[c.counter] ?? Number.NaN) + 1);
      // The other revision is not this writer's: a graphRev change makes the cache reload, a effectsRev one may lag.
      const other = c.counter === 'graphRev' ? 'effectsRev' : 'graphRev';
      expect(after.own?.[other]).toBe(before.own?.[other]);
      expect(after.sibling).toEqual(before.sibling);
      expect(after.elsewhere).toEqual(before.elsewhere);
      // The raise comes first; the writer's own work and rows must be unchanged by it.
      await c.check(f, rows);
    });

    it('does not fail, nor make an agent, when the agent node does not exist', async () => {
      const f = await fixture(false);
      await c.seed?.(f);
      const before = await allRevs(f);
      const rows = await c.run(f);

      if (c.agentless === 'same') await c.check(f, rows);
      else expect(rows).toEqual([]);
      const after = await allRevs(f);
      expect(after.own).toBeNull();
      expect(after.sibling).toEqual(before.sibling);
      expect(after.elsewhere).toEqual(before.elsewhere);
    });
  });

  it('starts graphRev on an agent that never had one (encode.raise-graph-rev)', async () => {
    const f = await fixture();
    await driver.executeQuery('MATCH (a:Agent {tenantId: $tenantId, id: $agentId}) REMOVE a.graphRev, a.effectsRev', scope(f), DB);
    expect(await revs(f.tenantId, f.agentId)).toEqual({ graphRev: 0, effectsRev: 0 });
    expect(await runEncode(scope(f), null, null)).toEqual([{ graphRev: 1, incarnation: expect.any(String) }]);
    expect(await revs(f.tenantId, f.agentId)).toEqual({ graphRev: 1, effectsRev: 0 });
  });

  it('stamps the edges an encode makes with the revision it raised, and the load reads them back', async () => {
    // A load that overlaps a later encode leaves that encode's edges out by this stamp (SpreadGraphCache).
    const f = await fixture();
    const [raised] = await runEncode(scope(f), { links: [{ from: f.m[0], to: f.m[1], type: 'SEMANTIC', weight: 0.6 }] }, null);
    const { records } = await driver.executeQuery('MATCH (:Memory {id: $a})-[r:SEMANTIC]->(:Memory {id: $b}) RETURN r.rev AS rev', { a: f.m[0], b: f.m[1] }, DB);
    expect(records.map((r) => r.get('rev') as number)).toEqual([raised?.graphRev]);
    const [row] = await read('spread.agent-graph', { ...scope(f), maxEdges: 10 });
    expect(row?.revs).toEqual([raised?.graphRev]);
  });

  it('leaves the revisions to the encode: encode.link and encode.unchain alone raise none', async () => {
    // EncodeService raises graphRev once per encode (encode.raise-graph-rev) and hands its links to the held copy.
    const f = await fixture();
    await edges(f, [{ from: f.m[0], to: f.m[1], type: 'TEMPORAL', props: chain(f) }]);
    const before = await allRevs(f);
    expect(await runWriter('encode.unchain', { ...scope(f), pairs: [{ from: f.m[0], to: f.m[1] }] })).toEqual([{ removed: 1 }]);
    expect(await runWriter('encode.link', { ...scope(f), now: Date.now(), links: [{ from: f.m[0], to: f.m[1], type: 'EMOTIONAL', weight: 0.3 }] })).toEqual([{ linked: 1 }]);
    expect(await allRevs(f)).toEqual(before);
  });

  it('leaves effectsRev as it is when recall effects only count co-recalls (recall-effects.apply-edges)', async () => {
    // Co-recall counters are no resonance edges: spreading never reads them, a held graph stays exact.
    const f = await fixture();
    const before = await allRevs(f);
    const rows = await runWriter('recall-effects.apply-edges', { ...scope(f), now: Date.now(), strengthen: [], counters: [{ a: f.m[0], b: f.m[1], count: 1 }], create: [] });
    expect(rows).toEqual([{ done: 1 }]);
    expect((await edgesFrom(f.m)).map((e) => [e.from, e.to, e.type])).toEqual([[f.m[0], f.m[1], 'CO_RECALLED']]);
    expect(await allRevs(f)).toEqual(before);
  });

  describe('spread.agent-graph', () => {
    /** The four parallel lists as edges, in a stable order. */
    function edgeList(row: Row | undefined): EdgeRow[] {
      const from = row?.from as string[];
      const to = row?.to as string[];
      const types = row?.types as string[];
      const weights = row?.weights as number[];
      const chains = row?.chains as boolean[];
      expect(to).toHaveLength(from.length);
      expect(types).toHaveLength(from.length);
      expect(weights).toHaveLength(from.length);
      expect(chains).toHaveLength(from.length);
      return sorted(from.map((a, i): EdgeRow => [a, to[i] as string, types[i] as string, weights[i] as number, chains[i] as boolean]));
    }

    function sorted(list: EdgeRow[]): EdgeRow[] {
      return list.sort((x, y) => x.join().localeCompare(y.join()));
    }

    async function loaded(f: Fixture, maxEdges: number): Promise<EdgeRow[]> {
      const rows = await read('spread.agent-graph', { ...scope(f), maxEdges });
      expect(rows).toHaveLength(1);
      return edgeList(rows[0]);
    }

    async function agentGraph(): Promise<Fixture> {
      const f = await fixture();
      const own = (weight?: number) => ({ ...scope(f), ...(weight === undefined ? {} : { weight }) });
      await edges(f, [
        // Live: both ends the agent's and not archived, whatever the type, chain or not.
        { from: f.m[0], to: f.m[1], type: 'SEMANTIC', props: own(0.5) },
        { from: f.m[1], to: f.m[2], type: 'EMOTIONAL', props: own(0.7) },
        { from: f.m[2], to: f.m[0], type: 'CAUSAL', props: own() },
        { from: f.m[0], to: f.m[2], type: 'CONTRASTIVE', props: own(1) },
        { from: f.m[1], to: f.m[2], type: 'TEMPORAL', props: chain(f) },
        // Not: to and from an archived memory, to and from another agent's memory, a type that
        // is no resonance, an edge stamped with another tenant, and the other tenant's graph.
        { from: f.m[0], to: f.m[3], type: 'SEMANTIC', props: own(0.8) },
        { from: f.m[3], to: f.m[1], type: 'TEMPORAL', props: chain(f, 0.8) },
        { from: f.m[0], to: f.s[0], type: 'SEMANTIC', props: own(0.8) },
        { from: f.s[1], to: f.m[1], type: 'EMOTIONAL', props: { tenantId, agentId: f.siblingId, weight: 0.8 } },
        { from: f.m[0], to: f.m[1], type: 'CO_RECALLED', props: { ...scope(f), count: 4 } },
        { from: f.m[1], to: f.m[0], type: 'SEMANTIC', props: { tenantId: otherTenantId, agentId: f.agentId, weight: 0.8 } },
        { from: f.o[1], to: f.o[0], type: 'CAUSAL', props: { tenantId: otherTenantId, agentId: f.agentId, weight: 0.8 } },
      ]);
      // m3 archived; m2 without the flag at all, which counts as live.
      await driver.executeQuery('MATCH (m:Memory {id: $id}) SET m.archived = true', { id: f.m[3] }, DB);
      await driver.executeQuery('MATCH (m:Memory {id: $id}) REMOVE m.archived', { id: f.m[2] }, DB);
      return f;
    }

    it("returns exactly the resonance edges between the agent's live memories, as parallel lists", async () => {
      const f = await agentGraph();
      const all = await loaded(f, 1000);
      expect(all).toEqual(
        sorted([
          [f.m[0], f.m[1], 'SEMANTIC', 0.5, false],
          [f.m[0], f.m[2], 'CONTRASTIVE', 1, false],
          [f.m[1], f.m[2], 'EMOTIONAL', 0.7, false],
          // The chain flag comes along: encode's unchain removes chain links only.
          [f.m[1], f.m[2], 'TEMPORAL', 0.9, true],
          // No weight reads as 0, as spreading treats it.
          [f.m[2], f.m[0], 'CAUSAL', 0, false],
        ]),
      );
      for (const [, , type] of all) expect(RESONANCE.has(type)).toBe(true);
      // A chain link carries the time between its memories (m1 and m2 were made a minute apart), for the episode walk; other edges 0.
      const [row] = await read('spread.agent-graph', { ...scope(f), maxEdges: 1000 });
      const gaps = (row?.gaps as unknown[]).map(Number);
      const chains = row?.chains as boolean[];
      expect(gaps).toHaveLength(chains.length);
      chains.forEach((chain, i) => expect(gaps[i]).toBe(chain ? 60_000 : 0));
      expect(chains.filter(Boolean)).toHaveLength(1);
    });

    it('reads at most maxEdges edges, and one row of empty lists when there are none', async () => {
      const f = await agentGraph();
      const all = await loaded(f, 1000);
      const capped = await loaded(f, 2);
      expect(capped).toHaveLength(2);
      for (const e of capped) expect(all).toContainEqual(e);
      // The cache asks for one edge more than it may hold, to tell a graph too large: the cap is exact.
      expect(await loaded(f, all.length)).toEqual(all);
      expect(await loaded(f, all.length - 1)).toHaveLength(all.length - 1);

      expect(await read('spread.agent-graph', { ...scope(f), maxEdges: 0 })).toEqual([NO_EDGES]);
      expect(await read('spread.agent-graph', { tenantId, agentId: 'nobody', maxEdges: 10 })).toEqual([NO_EDGES]);
    });

    it("follows the writers: an archive takes the memory's edges out, a restore brings them back", async () => {
      const f = await agentGraph();
      const before = await loaded(f, 1000);
      await runWriter('lifecycle.memory-archive', { tenantId, memoryId: f.m[0], now: Date.now() });
      expect(await loaded(f, 1000)).toEqual(before.filter(([a, b]) => a !== f.m[0] && b !== f.m[0]));
      await runWriter('lifecycle.memory-restore', { tenantId, memoryId: f.m[0], now: Date.now() });
      expect(await loaded(f, 1000)).toEqual(before);
    });
  });

  describe('spread.graph-rev', () => {
    it('reads 0 for revisions never raised, and the element id as incarnation without a creation token', async () => {
      // An imported agent has no creation token (AGENT_INTERNAL leaves it out of an export).
      const id = `plain-${uniqueSuffix()}`;
      const { records } = await driver.executeQuery('CREATE (a:Agent {tenantId: $tenantId, id: $id}) RETURN elementId(a) AS ref', { tenantId, id }, DB);
      expect(await read('spread.graph-rev', { tenantId, agentId: id })).toEqual([{ graphRev: 0, effectsRev: 0, incarnation: records[0]?.get('ref') }]);
    });

    it('reads the creation token as incarnation when the agent has one, and the revisions raised', async () => {
      const id = `made-${uniqueSuffix()}`;
      await driver.executeQuery("CREATE (:Agent {tenantId: $tenantId, id: $id, creationToken: 'token-1', graphRev: 7, effectsRev: 4})", { tenantId, id }, DB);
      expect(await read('spread.graph-rev', { tenantId, agentId: id })).toEqual([{ graphRev: 7, effectsRev: 4, incarnation: 'token-1' }]);
      // The same id in another tenant is another agent.
      expect(await read('spread.graph-rev', { tenantId: otherTenantId, agentId: id })).toEqual([]);
    });

    it('returns no row when there is no agent', async () => {
      expect(await read('spread.graph-rev', { tenantId, agentId: 'nobody' })).toEqual([]);
    });
  });
});
