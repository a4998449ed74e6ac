import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { findCypherDir, QueryRegistry } from '@limbic/graph';
import { testDriver } from './support/neo4j';
import { startStack, type Stack } from './support/stack';
import type { GraphqlClient } from './support/graphql-client';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id occurredAt } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id occurredAt } } } }`;
const MEMORIES = `query($agentId: ID!, $filter: MemoryListFilterInput, $first: Int, $after: String, $order: MemoryOrder) {
  memories(agentId: $agentId, filter: $filter, first: $first, after: $after, order: $order) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id occurredAt } }
  } }`;
const PAGE_ONLY = `query($agentId: ID!, $filter: MemoryListFilterInput, $first: Int, $after: String, $order: MemoryOrder) {
  memories(agentId: $agentId, filter: $filter, first: $first, after: $after, order: $order) {
    pageInfo { hasNextPage endCursor }
    edges { node { id occurredAt } }
  } }`;
const AGENTS = `query($first: Int, $after: String) { agents(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id preset } } } }`;

interface Node {
  id: string;
  occurredAt: string;
}
interface Connection {
  totalCount?: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { cursor?: string; node: Node }[];
}

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describe('browse: memories and agents as cursor connections, Memory’s graph fields', () => {
  let stack: Stack;
  let driver: Driver;
  const a = () => stack.tenants[0]!.client;
  const b = () => stack.tenants[1]!.client;
  const tenantA = () => stack.tenants[0]!.id;

  beforeAll(async () => {
    stack = await startStack({ tenants: 2, worker: false });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  async function cypher<T>(query: string, params: Record<string, unknown>): Promise<T[]> {
    const { records } = await driver.executeQuery(query, params, { database: process.env.NEO4J_DATABASE ?? 'neo4j' });
    return records.map((r) => r.toObject() as T);
  }

  /** How often the API ran each named query (its transaction histogram's count, summed over outcomes). */
  async function queriesRun(names: readonly string[]): Promise<number[]> {
    const text = await (await fetch(`${stack.url}/metrics`)).text();
    return names.map((name) =>
      [...text.matchAll(new RegExp(`^limbic_neo4j_transaction_seconds_count\\{[^}]*query="${name.replace('.', '\\.')}"[^}]*\\} (\\d+)$`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0),
    );
  }

  async function page(client: GraphqlClient, vars: Record<string, unknown>): Promise<Connection> {
    return (await client.ok<{ memories: Connection }>(MEMORIES, vars)).memories;
  }

  /** Every id of the listing, page by page, with `between(pageIndex)` run after each page. */
  async function walk(vars: Record<string, unknown>, between: (i: number) => Promise<void> = async () => undefined): Promise<Node[]> {
    const seen: Node[] = [];
    let after: string | null = null;
    for (let i = 0; i < 100; i++) {
      const p: Connection = (await a().ok<{ memories: Connection }>(PAGE_ONLY, { ...vars, after })).memories;
      seen.push(...p.edges.map((e) => e.node));
      if (!p.pageInfo.hasNextPage) return seen;
      expect(p.pageInfo.endCursor).not.toBeNull();
      after = p.pageInfo.endCursor;
      await between(i);
    }
    throw new Error('more than 100 pages');
  }

  const key = (n: Node) => [Date.parse(n.occurredAt), n.id] as const;
  const before = (x: Node, y: Node) => key(x)[0] < key(y)[0] || (key(x)[0] === key(y)[0] && key(x)[1] < key(y)[1]);

  describe('paging through 60 memories while more are encoded', () => {
    let originals: Node[];
    // Across both orders: each insert at an end is strictly beyond every memory before it. At
    // one shared instant, a new memory whose id sorts before the cursor's would land behind a
    // cursor that has reached that instant (ties are ordered by id) and never be seen.
    let n = 0;

    beforeAll(async () => {
      await a().ok(CREATE_AGENT, { id: 'pager' });
      // Three memories per instant: ties are ordered by id, and a cursor must split them.
      const items = Array.from({ length: 60 }, (_, i) => ({ content: `Note ${i} about the migration plan.`, occurredAt: at(Math.floor(i / 3) * 10) }));
      const r = await a().ok<{ encodeBatch: { items: { memory: Node }[] } }>(ENCODE_BATCH, { input: { agentId: 'pager', items } });
      originals = r.encodeBatch.items.map((i) => i.memory);
    });

    for (const order of ['OCCURRED_AT_DESC', 'OCCURRED_AT_ASC'] as const) {
      it(`${order}: every memory once, in order, with no gaps, while new ones arrive between pages`, async () => {
        const stored = await cypher<{ n: number }>('MATCH (m:Memory) WHERE m.tenantId = $t AND m.agentId = $a RETURN count(m) AS n', { t: tenantA(), a: 'pager' });
        const atStart = await page(a(), { agentId: 'pager', first: 7, order });
        expect(atStart.totalCount).toBe(stored[0]!.n);
        const existing = new Set([...originals.map((o) => o.id), ...(await walk({ agentId: 'pager', first: 100, order })).map((n) => n.id)]);
        // New memories land behind the cursor, in the part still to come, and ahead of it.
        const inserted: { id: string; end: 'oldest' | 'middle' | 'newest' }[] = [];
        const seen = await walk({ agentId: 'pager', first: 7, order }, async (i) => {
          if (i % 3 !== 0) return;
          for (const [end, minutes] of [['oldest', -5 - n], ['middle', 95 + n], ['newest', 500 + n]] as const) {
            const r = await a().ok<{ encode: Node }>(ENCODE, { input: { agentId: 'pager', content: `Inserted while paging ${order} ${n++}.`, occurredAt: at(minutes) } });
            inserted.push({ id: r.encode.id, end });
          }
        });
        const ids = seen.map((s) => s.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of existing) expect(ids).toContain(id);
        for (let i = 1; i < seen.length; i++) {
          const [prev, next] = [seen[i - 1]!, seen[i]!];
          expect(order === 'OCCURRED_AT_DESC' ? before(next, prev) : before(prev, next)).toBe(true);
        }
        // The end still to come shows every memory inserted there; the end already passed, none.
        const [ahead, behind] = order === 'OCCURRED_AT_DESC' ? ['oldest', 'newest'] : ['newest', 'oldest'];
        expect(inserted.filter((x) => x.end === ahead).length).toBeGreaterThan(1);
        for (const x of inserted) {
          if (x.end === ahead) expect(ids).toContain(x.id);
          if (x.end === behind) expect(ids).not.toContain(x.id);
        }
      });
    }

    it('pages of the same listing agree with one large page', async () => {
      const whole = await page(a(), { agentId: 'pager', first: 100, order: 'OCCURRED_AT_ASC' });
      const walked = await walk({ agentId: 'pager', first: 9, order: 'OCCURRED_AT_ASC' });
      expect(walked.map((n) => n.id)).toEqual(whole.edges.map((e) => e.node.id));
      expect(whole.totalCount).toBe(whole.edges.length);
      expect(whole.pageInfo.hasNextPage).toBe(false);
      expect(whole.pageInfo.endCursor).toBe(whole.edges.at(-1)!.cursor);
    });

    it('reads one page of a large agent from the (tenantId, agentId, occurredAt) index, not all its memories', async () => {
      // The text as the registry sends it: includes resolved.
      const query = QueryRegistry.load(join(findCypherDir(), 'queries'), ['browse.memories-desc']).get('browse.memories-desc');
      const total = (await cypher<{ n: number }>('MATCH (m:Memory) WHERE m.tenantId = $t AND m.agentId = $a RETURN count(m) AS n', { t: tenantA(), a: 'pager' }))[0]!.n;
      expect(total).toBeGreaterThanOrEqual(60);
      const filter = { scope: null, tagsAny: [], tagsAll: [], after: null, before: null, metadataPairs: [], archived: 'LIVE', contains: null };
      const { summary } = await driver.executeQuery(
        `PROFILE ${query}`,
        { tenantId: tenantA(), agentId: 'pager', filter, lowestMs: -62_135_596_800_000, highestMs: 253_402_300_799_999, atMs: 0, afterId: null, limit: 6 },
        { database: process.env.NEO4J_DATABASE ?? 'neo4j' },
      );
      const operators: { operatorType: string; rows: number; identifiers: string[]; arguments: Record<string, unknown> }[] = [];
      const visit = (p: unknown) => {
        const q = p as { operatorType: string; rows: number; children: unknown[]; identifiers: string[]; arguments: Record<string, unknown> };
        operators.push(q);
        q.children.forEach(visit);
      };
      visit(summary.profile);
      const seek = operators.find((o) => /NodeIndexSeekByRange|NodeIndexSeek/.test(o.operatorType) && String(o.arguments.Details ?? '').includes('occurredAt'));
      expect(seek).toBeDefined();
      // Rows of the memory side of the plan stay near the page size, far below the agent's memories.
      const memoryRows = operators.filter((o) => o.identifiers.includes('m')).map((o) => Number(o.rows));
      expect(Math.max(...memoryRows)).toBeLessThan(total / 2);
    });
  });

  describe('filters: exactly the matching set and its count', () => {
    const specs = [
      { key: 'w1', content: 'Deploy the API on Friday.', tags: ['work', 'ops'], scope: 'user:ada', metadata: { source: 'chat', turn: 1 }, minutes: 0 },
      { key: 'w2', content: 'Code review with Bo went well.', tags: ['work'], scope: 'user:ada', metadata: { source: 'email', turn: 2 }, minutes: 10 },
      { key: 'h1', content: 'Bought bread for the weekend.', tags: ['home'], scope: 'user:bo', metadata: { source: 'chat', turn: 3 }, minutes: 20 },
      { key: 'h2', content: 'The DEPLOY of the garden shed is done.', tags: ['home', 'ops'], metadata: { source: 'chat', urgent: true }, minutes: 30 },
      { key: 'x1', content: 'Unscoped, untagged note.', tags: [], minutes: 40 },
      { key: 'x2', content: 'Archived deploy checklist.', tags: ['work', 'ops'], scope: 'user:ada', metadata: { source: 'chat' }, minutes: 50, archive: true },
      { key: 'x3', content: 'Archived grocery list.', tags: ['home'], scope: 'user:bo', minutes: 60, archive: true },
    ];
    const id: Record<string, string> = {};
    const keysOf = (c: Connection) => c.edges.map((e) => Object.keys(id).find((k) => id[k] === e.node.id) ?? e.node.id).sort();

    beforeAll(async () => {
      await a().ok(CREATE_AGENT, { id: 'filtered' });
      for (const s of specs) {
        const r = await a().ok<{ encode: Node }>(ENCODE, {
          input: { agentId: 'filtered', content: s.content, tags: s.tags, occurredAt: at(s.minutes), ...(s.scope ? { scope: s.scope } : {}), ...(s.metadata ? { metadata: s.metadata } : {}) },
        });
        id[s.key] = r.encode.id;
        if (s.archive) await a().ok(`mutation($id: ID!) { forget(memoryId: $id) { mode } }`, { id: r.encode.id });
      }
    });

    const cases: [string, Record<string, unknown>, string[]][] = [
      ['no filter: live ones', {}, ['h1', 'h2', 'w1', 'w2', 'x1']],
      ['tagsAny', { tagsAny: ['OPS', 'missing'] }, ['h2', 'w1']],
      ['tagsAll', { tagsAll: ['work', 'ops'] }, ['w1']],
      ['tagsAll with archived ALL', { tagsAll: ['work', 'ops'], archived: 'ALL' }, ['w1', 'x2']],
      ['occurredAt range [10 min, 40 min)', { occurredAfter: at(10), occurredBefore: at(40) }, ['h1', 'h2', 'w2']],
      ['archived ARCHIVED', { archived: 'ARCHIVED' }, ['x2', 'x3']],
      ['archived ALL', { archived: 'ALL' }, ['h1', 'h2', 'w1', 'w2', 'x1', 'x2', 'x3']],
      ['scope', { scope: 'user:ada' }, ['w1', 'w2']],
      ['scope, archived ALL', { scope: 'user:bo', archived: 'ALL' }, ['h1', 'x3']],
      ['metadata equality', { metadata: { source: 'chat' } }, ['h1', 'h2', 'w1']],
      ['metadata, two keys', { metadata: { source: 'chat', turn: 1 } }, ['w1']],
      ['metadata boolean', { metadata: { urgent: true } }, ['h2']],
      ['contains, case-insensitive', { contains: 'dEpLoY' }, ['h2', 'w1']],
      ['contains, archived ALL', { contains: 'deploy', archived: 'ALL' }, ['h2', 'w1', 'x2']],
      ['all together', { tagsAny: ['ops', 'home'], scope: 'user:bo', occurredBefore: at(25), metadata: { source: 'chat' }, contains: 'bread' }, ['h1']],
      ['nothing matches', { scope: 'user:nobody' }, []],
    ];
    it.each(cases)('%s', async (_name, filter, expected) => {
      for (const order of ['OCCURRED_AT_DESC', 'OCCURRED_AT_ASC']) {
        const c = await page(a(), { agentId: 'filtered', filter, first: 100, order });
        expect(keysOf(c)).toEqual(expected);
        expect(c.totalCount).toBe(expected.length);
      }
      // Paged two at a time: the same set.
      const walked = await walk({ agentId: 'filtered', filter, first: 2 });
      expect(walked.map((n) => Object.keys(id).find((k) => id[k] === n.id)).sort()).toEqual(expected);
    });
  });

  describe('agents', () => {
    it('pages the tenant’s agents by id with their count, and never another tenant’s', async () => {
      const ids = Array.from({ length: 23 }, (_, i) => `ag-${String(i).padStart(2, '0')}`);
      for (const agentId of [...ids].reverse()) await b().ok(CREATE_AGENT, { id: agentId });
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      for (;;) {
        const r: { agents: Connection & { edges: { node: { id: string; preset: string } }[] } } = await b().ok(AGENTS, { first: 10, after });
        expect(r.agents.totalCount).toBe(ids.length);
        seen.push(...r.agents.edges.map((e) => e.node.id));
        pages++;
        if (!r.agents.pageInfo.hasNextPage) break;
        after = r.agents.pageInfo.endCursor;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(ids);
      const own = await a().ok<{ agents: Connection }>(AGENTS, { first: 100 });
      expect(own.agents.edges.map((e) => e.node.id)).not.toContain('ag-00');
      expect(own.agents.edges.map((e) => e.node.id)).toEqual(expect.arrayContaining(['filtered', 'pager']));
    });
  });

  describe('Memory’s graph fields', () => {
    const FIELDS = `id moodAtEncoding { valence arousal dominance } momentumAtEncoding { dv da dd } consolidation stability reviewCount nextReviewAt lastAccessedAt`;

    it('answer what the node holds, on memory(id) and on a listing', async () => {
      await a().ok(CREATE_AGENT, { id: 'detailed' });
      await a().ok(`mutation { setAffect(agentId: "detailed", affect: { valence: -0.6, arousal: 0.8 }) { id } }`);
      const m = (await a().ok<{ encode: Node }>(ENCODE, { input: { agentId: 'detailed', content: 'A tense meeting about the outage.', affect: { valence: -0.7, arousal: 0.9 } } })).encode;
      const [node] = await cypher<Record<string, unknown>>(
        `MATCH (m:Memory {id: $id}) RETURN m.moodAtEncoding AS mood, m.momentumAtEncoding AS momentum, m.consolidation AS consolidation,
           m.stability AS stability, m.reviewCount AS reviewCount, m.nextReviewAt.epochMillis AS nextReviewAt`,
        { id: m.id },
      );
      const [v, ar, d] = node!.mood as number[];
      const [dv, da, dd] = node!.momentum as number[];
      const expected = {
        id: m.id,
        moodAtEncoding: { valence: v, arousal: ar, dominance: d },
        momentumAtEncoding: { dv, da, dd },
        consolidation: node!.consolidation,
        stability: node!.stability,
        reviewCount: Number(node!.reviewCount),
        nextReviewAt: Number(node!.nextReviewAt),
        lastAccessedAt: null,
      };
      const asStored = (m: Record<string, unknown>) => ({ ...m, nextReviewAt: Date.parse(String(m.nextReviewAt)) });
      // The agent's state moved before encoding: the stored mood is not the neutral default.
      expect(expected.moodAtEncoding).not.toEqual({ valence: 0, arousal: 0.3, dominance: 0.5 });
      const one = await a().ok<{ memory: Record<string, unknown> }>(`query($id: ID!) { memory(id: $id) { ${FIELDS} } }`, { id: m.id });
      expect(asStored(one.memory)).toEqual(expected);
      const listed = await a().ok<{ memories: { edges: { node: Record<string, unknown> }[] } }>(`{ memories(agentId: "detailed") { edges { node { ${FIELDS} } } } }`);
      expect(listed.memories.edges.map((e) => asStored(e.node))).toEqual([expected]);
    });

    it('cost recall nothing unless selected, and one read per response when they are', async () => {
      const RECALL = (fields: string) => `{ recall(input: { agentId: "detailed", query: "the outage meeting", topK: 5 }) { items { memory { id content ${fields} } } } }`;
      const names = ['browse.memory-details', 'browse.neighbours'];
      const before = await queriesRun(names);
      const plain = await a().ok<{ recall: { items: unknown[] } }>(RECALL(''));
      expect(plain.recall.items.length).toBeGreaterThan(0);
      expect(await queriesRun(names)).toEqual(before);
      const rich = await a().ok<{ recall: { items: { memory: { stability: number | null } }[] } }>(RECALL('stability reviewCount moodAtEncoding { valence } neighbours { type }'));
      expect(rich.recall.items.every((i) => typeof i.memory.stability === 'number')).toBe(true);
      expect((await queriesRun(names)).map((n, i) => n - before[i]!)).toEqual([1, 1]);
    });

    it('neighbours: the strongest edges first, bounded by first, of the asked types, with the memory at the other end', async () => {
      await a().ok(CREATE_AGENT, { id: 'linked' });
      const items = Array.from({ length: 8 }, (_, i) => ({ content: `The database migration step ${i} failed because the index was missing.`, occurredAt: at(i) }));
      const stored = (await a().ok<{ encodeBatch: { items: { memory: Node }[] } }>(ENCODE_BATCH, { input: { agentId: 'linked', items } })).encodeBatch.items.map((i) => i.memory);
      const edges = await cypher<{ from: string; type: string; weight: number; other: string; outgoing: boolean }>(
        `MATCH (m:Memory)-[r]-(o:Memory) WHERE m.tenantId = $t AND m.agentId = 'linked' AND type(r) IN ['SEMANTIC','EMOTIONAL','TEMPORAL','CAUSAL','CONTRASTIVE']
         RETURN m.id AS from, type(r) AS type, r.weight AS weight, o.id AS other, startNode(r) = m AS outgoing`,
        { t: tenantA() },
      );
      const byMemory = new Map<string, typeof edges>();
      for (const e of edges) byMemory.set(e.from, [...(byMemory.get(e.from) ?? []), e]);
      const hub = [...byMemory.entries()].sort((x, y) => y[1].length - x[1].length)[0]!;
      expect(hub[1].length).toBeGreaterThan(2);
      const strongest = [...hub[1]].sort((x, y) => y.weight - x.weight || (x.other < y.other ? -1 : x.other > y.other ? 1 : 0) || (x.type < y.type ? -1 : 1));

      const Q = `query($id: ID!, $first: Int, $types: [EdgeType!]) { memory(id: $id) { neighbours(first: $first, types: $types) { type weight outgoing coActivations createdAt memory { id agentId content } } } }`;
      type N = { type: string; weight: number; outgoing: boolean; coActivations: number; createdAt: string | null; memory: { id: string; agentId: string } };
      const two = (await a().ok<{ memory: { neighbours: N[] } }>(Q, { id: hub[0], first: 2 })).memory.neighbours;
      expect(two.map((n) => [n.memory.id, n.type, n.weight, n.outgoing])).toEqual(strongest.slice(0, 2).map((e) => [e.other, e.type, e.weight, e.outgoing]));
      expect(two.every((n) => n.memory.agentId === 'linked' && n.createdAt !== null)).toBe(true);
      const all = (await a().ok<{ memory: { neighbours: N[] } }>(Q, { id: hub[0], first: 50 })).memory.neighbours;
      expect(all).toHaveLength(hub[1].length);
      const temporal = (await a().ok<{ memory: { neighbours: N[] } }>(Q, { id: hub[0], first: 50, types: ['TEMPORAL'] })).memory.neighbours;
      expect(temporal.map((n) => n.memory.id).sort()).toEqual(hub[1].filter((e) => e.type === 'TEMPORAL').map((e) => e.other).sort());
      expect(temporal.every((n) => n.type === 'TEMPORAL')).toBe(true);

      // On a listing: every memory's own neighbours, each bounded, read in one query for the page
      // (and the neighbours' stability in one more), not one per memory.
      const before = await queriesRun(['browse.neighbours', 'browse.memory-details']);
      const listed = await a().ok<{ memories: { edges: { node: { id: string; neighbours: N[] } }[] } }>(
        `{ memories(agentId: "linked", first: 100) { edges { node { id neighbours(first: 1) { type memory { id stability } } } } } }`,
      );
      const after = await queriesRun(['browse.neighbours', 'browse.memory-details']);
      expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1]);
      expect(listed.memories.edges).toHaveLength(stored.length);
      for (const e of listed.memories.edges) {
        const own = byMemory.get(e.node.id) ?? [];
        expect(e.node.neighbours).toHaveLength(Math.min(1, own.length));
        for (const n of e.node.neighbours) expect(own.map((o) => o.other)).toContain(n.memory.id);
      }

      // neighborhood, around the least linked memory (so that a second ring exists): the memories
      // within depth edges and every edge among them.
      const leaf = [...byMemory.entries()].sort((x, y) => x[1].length - y[1].length)[0]!;
      const NEIGHBORHOOD = `query($id: ID!, $depth: Int, $maxNodes: Int, $types: [EdgeType!]) {
        neighborhood(memoryId: $id, depth: $depth, maxNodes: $maxNodes, types: $types) {
          centerId truncated nodes { hops memory { id } } edges { from to type weight } } }`;
      type Hood = { centerId: string; truncated: boolean; nodes: { hops: number; memory: { id: string } }[]; edges: { from: string; to: string; type: string; weight: number }[] };
      const hood = async (vars: Record<string, unknown>) => (await a().ok<{ neighborhood: Hood }>(NEIGHBORHOOD, { id: leaf[0], ...vars })).neighborhood;
      const storedEdges = (ids: Set<string>, types?: string[]) =>
        edges.filter((e) => e.outgoing && ids.has(e.from) && ids.has(e.other) && (!types || types.includes(e.type))).map((e) => `${e.from}>${e.other}:${e.type}`).sort();
      const drawn = (h: Hood) => h.edges.map((e) => `${e.from}>${e.to}:${e.type}`).sort();

      const ring1Hood = await hood({ depth: 1 });
      const ring1 = new Set(leaf[1].map((e) => e.other));
      expect(ring1Hood.centerId).toBe(leaf[0]);
      expect(ring1Hood.nodes[0]).toEqual({ hops: 0, memory: { id: leaf[0] } });
      expect(new Set(ring1Hood.nodes.slice(1).map((n) => n.memory.id))).toEqual(ring1);
      expect(ring1Hood.nodes.slice(1).every((n) => n.hops === 1)).toBe(true);
      expect(ring1Hood.truncated).toBe(false);
      expect(drawn(ring1Hood)).toEqual(storedEdges(new Set([leaf[0], ...ring1])));

      const ring2Hood = await hood({ depth: 2 });
      const ring2 = new Set(edges.filter((e) => ring1.has(e.from) && e.other !== leaf[0] && !ring1.has(e.other)).map((e) => e.other));
      expect(ring2.size).toBeGreaterThan(0);
      expect(new Set(ring2Hood.nodes.filter((n) => n.hops === 2).map((n) => n.memory.id))).toEqual(ring2);
      expect(drawn(ring2Hood)).toEqual(storedEdges(new Set(ring2Hood.nodes.map((n) => n.memory.id))));

      const capped = await hood({ depth: 3, maxNodes: 3 });
      expect(capped.nodes).toHaveLength(3);
      expect(capped.truncated).toBe(true);
      const temporalHood = await hood({ depth: 3, types: ['TEMPORAL'] });
      expect(temporalHood.edges.every((e) => e.type === 'TEMPORAL')).toBe(true);
      expect(drawn(temporalHood)).toEqual(storedEdges(new Set(temporalHood.nodes.map((n) => n.memory.id)), ['TEMPORAL']));

      for (const [vars, message] of [[{ depth: 0 }, /^depth:/], [{ depth: 4 }, /^depth:/], [{ maxNodes: 0 }, /^maxNodes:/], [{ maxNodes: 201 }, /^maxNodes:/]] as const) {
        const r = await a().request(NEIGHBORHOOD, { id: leaf[0], ...vars });
        expect([r.errors?.[0]?.extensions?.code, r.errors?.[0]?.message]).toEqual(['BAD_USER_INPUT', expect.stringMatching(message)]);
      }
      expect(await b().errorCode(NEIGHBORHOOD, { id: leaf[0] })).toBe('NOT_FOUND');
    });
  });

  describe('tenancy and bad input', () => {
    it('another tenant’s agent is NOT_FOUND, as in agent(id); an empty agent is an empty page', async () => {
      expect(await b().errorCode(MEMORIES, { agentId: 'pager' })).toBe('NOT_FOUND');
      expect(await b().errorCode(`{ agent(id: "pager") { id } }`)).toBe('NOT_FOUND');
      expect(await a().errorCode(MEMORIES, { agentId: 'nobody-here' })).toBe('NOT_FOUND');
      await b().ok(CREATE_AGENT, { id: 'empty' });
      expect(await page(b(), { agentId: 'empty' })).toEqual({ totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] });
      // A memory id of another tenant resolves nothing, so its edges are never read.
      const ids = await cypher<{ id: string }>(`MATCH (m:Memory) WHERE m.tenantId = $t RETURN m.id AS id LIMIT 1`, { t: tenantA() });
      expect(await b().errorCode(`query($id: ID!) { memory(id: $id) { neighbours { type } } }`, { id: ids[0]!.id })).toBe('NOT_FOUND');
    });

    it('refuses first 0 or 101, a bad or foreign cursor, and a bad filter with BAD_USER_INPUT', async () => {
      const agentsCursor = (await a().ok<{ agents: Connection }>(AGENTS, { first: 1 })).agents.pageInfo.endCursor;
      const bad: [string, Record<string, unknown>, RegExp][] = [
        [MEMORIES, { agentId: 'pager', first: 0 }, /^first: must be an integer in \[1, 100\]/],
        [MEMORIES, { agentId: 'pager', first: 101 }, /^first: must be an integer in \[1, 100\]/],
        [MEMORIES, { agentId: 'pager', after: 'bm90LWEtY3Vyc29y' }, /^after: is not a cursor/],
        [MEMORIES, { agentId: 'pager', after: agentsCursor }, /^after: is not a cursor/],
        [MEMORIES, { agentId: 'pager', filter: { scope: 'a b' } }, /^filter\.scope:/],
        [MEMORIES, { agentId: 'pager', filter: { contains: '' } }, /^filter\.contains:/],
        [MEMORIES, { agentId: 'pager', filter: { occurredAfter: at(10), occurredBefore: at(0) } }, /^filter\.occurredBefore:/],
        [MEMORIES, { agentId: 'bad id' }, /^agentId:/],
        [AGENTS, { first: 0 }, /^first:/],
        [AGENTS, { first: 101 }, /^first:/],
        [AGENTS, { after: 'zzz' }, /^after: is not a cursor/],
        [`{ memories(agentId: "pager", first: 1) { edges { node { neighbours(first: 51) { type } } } } }`, {}, /^neighbours\.first:/],
        [`{ memories(agentId: "pager", first: 1) { edges { node { neighbours(first: 0) { type } } } } }`, {}, /^neighbours\.first:/],
      ];
      for (const [query, vars, message] of bad) {
        const r = await a().request(query, vars);
        expect([r.errors?.[0]?.extensions?.code, r.errors?.[0]?.message]).toEqual(['BAD_USER_INPUT', expect.stringMatching(message)]);
      }
    });

    it('charges a listing’s nested neighbours per memory it can hold', async () => {
      const r = await a().request(`{ memories(agentId: "pager", first: 100) { edges { node { neighbours(first: 50) { memory { neighbours(first: 50) { type } } } } } } }`);
      expect(r.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
    });
  });
});
