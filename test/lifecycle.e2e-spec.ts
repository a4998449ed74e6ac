import type { Driver } from 'neo4j-driver';
import { countTenant, eventually, testDriver } from './support/neo4j';
import { startStack, type Stack } from './support/stack';
import { restCall } from './support/rest';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id, preset: personal }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id externalId } }`;
const FORGET = `mutation($id: ID!, $hard: Boolean) { forget(memoryId: $id, hard: $hard) { memoryId mode edgesRemoved chainRepaired memory { id archived } } }`;
const RESTORE = `mutation($id: ID!) { restore(memoryId: $id) { id archived } }`;
const MEMORY = `query($id: ID!) { memory(id: $id) { id archived } }`;
const DELETE_AGENT = `mutation($id: ID!) { deleteAgent(id: $id) { agentId agentDeleted memories goals concepts nodes edges } }`;
const EXPORT_LINK = `query($id: ID!) { exportAgent(id: $id) { agentId path contentType } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { items { memory { id } } } }`;

interface ForgetResult {
  forget: { memoryId: string; mode: string; edgesRemoved: number; chainRepaired: boolean; memory: { id: string; archived: boolean } | null };
}
interface DeleteResult {
  deleteAgent: { agentId: string; agentDeleted: boolean; memories: number; goals: number; concepts: number; nodes: number; edges: number };
}
type Line = Record<string, unknown> & { kind: string; props: Record<string, unknown> };

const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };

describe('lifecycle: forget, restore, deleteAgent, export and import', () => {
  let stack: Stack;
  let driver: Driver;

  beforeAll(async () => {
    stack = await startStack({ tenants: 2, worker: true });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  const a = () => stack.tenants[0]!.client;
  const b = () => stack.tenants[1]!.client;
  const tenantA = () => stack.tenants[0]!.id;

  async function encode(agentId: string, content: string, extra: Record<string, unknown> = {}): Promise<string> {
    const r = await a().ok<{ encode: { id: string } }>(ENCODE, { input: { agentId, content, ...extra } });
    return r.encode.id;
  }

  /**
   * Resonance edges written with the test driver, carrying tenantId and agentId like encode's:
   * they give export/import typed edges with integer and datetime properties whatever encode
   * links on its own (the write path is being extended in parallel).
   */
  async function addEdge(type: 'SEMANTIC' | 'CAUSAL', from: string, to: string, weight: number): Promise<void> {
    await driver.executeQuery(
      `MATCH (x:Memory {id: $from}), (y:Memory {id: $to})
       CALL (x, y) {
         WITH x, y WHERE $type = 'SEMANTIC' CREATE (x)-[r:SEMANTIC]->(y) RETURN r
         UNION
         WITH x, y WHERE $type = 'CAUSAL' CREATE (x)-[r:CAUSAL]->(y) RETURN r
       }
       SET r += {tenantId: x.tenantId, agentId: x.agentId, weight: $weight, chain: false, coActivations: 3,
                 createdAt: datetime('2024-03-01T10:00:00.123Z'), strengthenedAt: datetime('2024-03-02T11:00:00Z')}`,
      { type, from, to, weight },
      DB,
    );
  }

  /**
   * Makes sure consecutive memories are joined by a chain edge, as the lead's encode does; only
   * missing links are added (test driver, same property shape), so this works before and after
   * the write path lands.
   */
  async function ensureChain(ids: readonly string[]): Promise<void> {
    for (let i = 1; i < ids.length; i++) {
      await driver.executeQuery(
        `MATCH (x:Memory {id: $from}), (y:Memory {id: $to})
         WHERE NOT EXISTS { (x)-[:TEMPORAL {chain: true}]-(y) }
         CREATE (x)-[:TEMPORAL {tenantId: x.tenantId, agentId: x.agentId, weight: 0.5, chain: true, coActivations: 0,
                                createdAt: datetime(), strengthenedAt: datetime()}]->(y)`,
        { from: ids[i - 1], to: ids[i] },
        DB,
      );
    }
  }

  async function chainEdges(agentId: string): Promise<{ from: string; to: string; props: Record<string, unknown> }[]> {
    const { records } = await driver.executeQuery(
      `MATCH (x:Memory {tenantId: $tenantId, agentId: $agentId})-[r:TEMPORAL {chain: true}]->(y:Memory)
       RETURN x.id AS from, y.id AS to, properties(r) AS props`,
      { tenantId: tenantA(), agentId },
      DB,
    );
    return records.map((r) => ({ from: r.get('from') as string, to: r.get('to') as string, props: r.get('props') as Record<string, unknown> }));
  }

  async function agentNodes(tenantId: string, agentId: string): Promise<number> {
    const { records } = await driver.executeQuery(
      `MATCH (n) WHERE n.tenantId = $tenantId AND (n.agentId = $agentId OR (n:Agent AND n.id = $agentId)) RETURN count(n) AS c`,
      { tenantId, agentId },
      DB,
    );
    return Number(records[0]?.get('c') ?? 0);
  }

  /** `count(x)` of a query over tenant A's `$agentId`. */
  async function countOfAgent(query: string, agentId: string): Promise<number> {
    const { records } = await driver.executeQuery(query, { tenantId: tenantA(), agentId }, DB);
    return Number(records[0]?.get('c') ?? 0);
  }
  const lexTerms = (agentId: string) => countOfAgent('MATCH (t:LexTerm {tenantId: $tenantId, agentId: $agentId}) RETURN count(t) AS c', agentId);
  const agentMemories = (agentId: string) => countOfAgent('MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId}) RETURN count(m) AS c', agentId);
  const pendingCount = (agentId: string) =>
    countOfAgent('MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId}) WHERE m.pendingAppraisal = true RETURN count(m) AS c', agentId);

  function rest(path: string, init: { method?: string; body?: string; key?: string | null; contentType?: string } = {}): Promise<Response> {
    return restCall(stack.url, init.key === undefined ? stack.tenants[0]!.key : init.key, path, init);
  }

  async function exportText(agentId: string): Promise<string> {
    const res = await rest(`/agents/${agentId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    return res.text();
  }

  const lines = (text: string): Line[] =>
    text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Line);

  /**
   * The documented id fields of a round trip, replaced by placeholders: the agent's id (its
   * `props.id` and every `agentId` property), memory ids and goal ids (their `props.id` and
   * edge ends). Placeholders are numbered by position in the file, so the rest must match byte
   * for byte. Ids are UUIDs or the agent id, matched as whole JSON strings.
   */
  function normaliseIds(text: string): string {
    const replacements = new Map<string, string>();
    for (const line of lines(text)) {
      const id = line.props.id;
      if (typeof id !== 'string') continue;
      if (line.kind === 'agent') replacements.set(id, '<agent>');
      if (line.kind === 'memory') replacements.set(id, `<memory ${replacements.size}>`);
      if (line.kind === 'goal') replacements.set(id, `<goal ${replacements.size}>`);
    }
    let out = text;
    for (const [id, placeholder] of replacements) out = out.split(JSON.stringify(id)).join(JSON.stringify(placeholder));
    return out;
  }

  describe('forget and restore', () => {
    let ids: string[];

    beforeAll(async () => {
      await a().ok(CREATE_AGENT, { id: 'ada' });
      ids = [];
      const texts = [
        'Morning standup: the team agreed to ship the billing migration on Friday.',
        'The billing migration failed in staging because of a missing index on invoices.',
        'We added the invoices index and the staging migration passed.',
        'Shipped the billing migration to production without incidents.',
      ];
      for (const [i, content] of texts.entries()) {
        ids.push(await encode('ada', content, { externalId: `f${i}`, occurredAt: `2024-05-0${i + 1}T09:00:00.000Z` }));
      }
      await ensureChain(ids);
      // The slow path revises edges; let it finish so edge counts below are ours alone.
      await eventually(() => pendingCount('ada'), (n) => n === 0, 30_000);
    });

    it('archives a memory: hidden from recall, kept in the graph, restorable', async () => {
      const target = ids[1]!;
      const before = await countTenant(driver, tenantA());
      const r = await a().ok<ForgetResult>(FORGET, { id: target });
      expect(r.forget).toMatchObject({ memoryId: target, mode: 'ARCHIVED', edgesRemoved: 0, memory: { id: target, archived: true } });
      // Nothing but its FORGET revision (a node and its REVISED edge) is written.
      expect(await countTenant(driver, tenantA())).toEqual({ nodes: before.nodes + 1, edges: before.edges + 1 });
      // (No count checks after recalls below: recall effects may prime concepts meanwhile.)

      const recalled = async () =>
        (await a().ok<{ recall: { items: { memory: { id: string } }[] } }>(RECALL, { input: { agentId: 'ada', query: 'missing index on invoices', topK: 10 } })).recall.items.map(
          (i) => i.memory.id,
        );
      expect(await recalled()).not.toContain(target);

      // Forgetting twice is harmless and keeps the first archivedAt.
      const { records } = await driver.executeQuery('MATCH (m:Memory {id: $id}) RETURN m.archivedAt AS at', { id: target }, DB);
      await a().ok<ForgetResult>(FORGET, { id: target, hard: false });
      const again = await driver.executeQuery('MATCH (m:Memory {id: $id}) RETURN m.archivedAt AS at', { id: target }, DB);
      expect(String(again.records[0]?.get('at'))).toBe(String(records[0]?.get('at')));

      const restored = await a().ok<{ restore: { id: string; archived: boolean } }>(RESTORE, { id: target });
      expect(restored.restore).toEqual({ id: target, archived: false });
      expect(await recalled()).toContain(target);
    });

    it('hard-deletes a memory in the middle of the chain and joins its neighbours', async () => {
      const [first, middle, last] = [ids[1]!, ids[2]!, ids[3]!];
      const before = await agentMemories('ada');
      const r = await a().ok<ForgetResult>(FORGET, { id: middle, hard: true });
      expect(r.forget).toMatchObject({ memoryId: middle, mode: 'DELETED', memory: null, chainRepaired: true });
      expect(r.forget.edgesRemoved).toBeGreaterThanOrEqual(2);
      expect(await a().errorCode(MEMORY, { id: middle })).toBe('NOT_FOUND');

      const chain = await chainEdges('ada');
      expect(chain.some((e) => e.from === middle || e.to === middle)).toBe(false);
      const link = chain.find((e) => (e.from === first && e.to === last) || (e.from === last && e.to === first));
      expect(link?.props).toMatchObject({ tenantId: tenantA(), agentId: 'ada', chain: true, coActivations: 0 });
      expect(link?.props.weight).toBeGreaterThanOrEqual(0.1);
      expect(link?.props.createdAt).toBeDefined();
      expect(link?.props.strengthenedAt).toBeDefined();
      // Still one chain: 3 memories, 2 chain edges, each memory on it.
      expect(chain).toHaveLength(ids.length - 2);

      // Only ada's memories are compared: recall effects of the previous test may still be
      // priming concepts elsewhere in the tenant.
      expect(await agentMemories('ada')).toBe(before - 1);
    });

    it('hard-deletes the newest memory without adding a chain edge', async () => {
      const newest = ids[3]!;
      const r = await a().ok<ForgetResult>(FORGET, { id: newest, hard: true });
      expect(r.forget.chainRepaired).toBe(false);
      expect((await chainEdges('ada')).some((e) => e.from === newest || e.to === newest)).toBe(false);
    });

    it('answers NOT_FOUND for unknown and other tenants’ memories, writing nothing', async () => {
      const beforeA = await countTenant(driver, tenantA());
      const beforeB = await countTenant(driver, stack.tenants[1]!.id);
      for (const hard of [false, true]) {
        expect(await b().errorCode(FORGET, { id: ids[0], hard })).toBe('NOT_FOUND');
        expect(await a().errorCode(FORGET, { id: 'no-such-memory', hard })).toBe('NOT_FOUND');
      }
      expect(await b().errorCode(RESTORE, { id: ids[0] })).toBe('NOT_FOUND');
      expect(await a().errorCode(RESTORE, { id: 'x'.repeat(500) })).toBe('NOT_FOUND');
      expect(await countTenant(driver, tenantA())).toEqual(beforeA);
      expect(await countTenant(driver, stack.tenants[1]!.id)).toEqual(beforeB);
    });
  });

  describe('deleteAgent', () => {
    it('removes the agent and everything it owns, leaves others alone, and its jobs skip', async () => {
      await a().ok(CREATE_AGENT, { id: 'bob' });
      await a().ok(CREATE_AGENT, { id: 'keeper' });
      const keep = await encode('keeper', 'Keeper stays.');
      const bobIds: string[] = [];
      for (let i = 0; i < 6; i++) bobIds.push(await encode('bob', `Bob memory number ${i} about gardening and tomatoes.`, { tags: ['garden'] }));
      await addEdge('SEMANTIC', bobIds[0]!, bobIds[1]!, 0.8);
      // A goal, as setGoals writes it (test driver: the goal API is landing in parallel).
      await driver.executeQuery(
        `MATCH (a:Agent {tenantId: $t, id: 'bob'})
         CREATE (a)-[:PURSUES {tenantId: $t, priority: 0.7}]->(:Goal {id: randomUUID(), tenantId: $t, agentId: 'bob', name: 'grow tomatoes', embedding: [0.1, 0.2]})`,
        { t: tenantA() },
        DB,
      );
      const keeperBefore = await agentNodes(tenantA(), 'keeper');

      const r = await a().ok<DeleteResult>(DELETE_AGENT, { id: 'bob' });
      expect(r.deleteAgent).toMatchObject({ agentId: 'bob', agentDeleted: true, memories: 6, goals: 1 });
      expect(r.deleteAgent.nodes).toBeGreaterThanOrEqual(8); // 6 memories, a goal, the agent (+ concepts)
      expect(r.deleteAgent.edges).toBeGreaterThanOrEqual(2);
      expect(await agentNodes(tenantA(), 'bob')).toBe(0);
      expect(await agentNodes(tenantA(), 'keeper')).toBe(keeperBefore);
      expect((await a().ok<{ memory: { id: string } }>(MEMORY, { id: keep })).memory.id).toBe(keep);

      // Queued appraisals of bob's memories find nothing and write nothing.
      await new Promise((res) => setTimeout(res, 3000));
      expect(await agentNodes(tenantA(), 'bob')).toBe(0);
      expect(stack.worker?.child.exitCode).toBeNull();

      expect(await a().errorCode(DELETE_AGENT, { id: 'bob' })).toBe('NOT_FOUND');
      expect(await a().errorCode(`query { agent(id: "bob") { id } }`)).toBe('NOT_FOUND');
    });

    it('answers NOT_FOUND for another tenant’s agent and writes nothing', async () => {
      const before = await countTenant(driver, tenantA());
      expect(await b().errorCode(DELETE_AGENT, { id: 'ada' })).toBe('NOT_FOUND');
      expect(await b().errorCode(DELETE_AGENT, { id: 'nobody' })).toBe('NOT_FOUND');
      expect(await a().errorCode(DELETE_AGENT, { id: 'bad id with spaces' })).toBe('BAD_USER_INPUT');
      expect(await countTenant(driver, tenantA())).toEqual(before);
    });
  });

  describe('export and import', () => {
    let original: string;
    let memoryIds: string[];

    beforeAll(async () => {
      await a().ok(CREATE_AGENT, { id: 'eve' });
      memoryIds = [];
      const items: [string, string, { valence: number; arousal: number; dominance?: number }, string[]][] = [
        ['The demo for the investors went brilliantly and everyone cheered.', '2024-06-01T10:00:00.000Z', { valence: 0.9, arousal: 0.8 }, ['work', 'demo']],
        // Two memories at the same instant: their order must survive the round trip.
        ['A server crashed during the demo rehearsal.', '2024-06-01T12:00:00.000Z', { valence: -0.7, arousal: 0.9, dominance: 0.3 }, ['work']],
        ['Coffee with Sam after the rehearsal.', '2024-06-01T12:00:00.000Z', { valence: 0.3, arousal: 0.2 }, ['friends']],
        ['Fixed the crash: a race in the cache warm-up, so the demo is safe.', '2024-06-02T09:30:00.000Z', { valence: 0.5, arousal: 0.5 }, []],
      ];
      for (const [i, [content, occurredAt, affect, tags]] of items.entries()) {
        memoryIds.push(await encode('eve', content, { occurredAt, affect, tags, externalId: `eve-${i}`, importance: 0.4 + i / 10 }));
      }
      // The slow path revises edge weights and types after encoding: let it finish before
      // the fixtures below are written, or it may adjust them.
      const pending = await eventually(() => pendingCount('eve'), (n) => n === 0, 30_000);
      expect(pending).toBe(0);
      await ensureChain(memoryIds);
      await addEdge('CAUSAL', memoryIds[1]!, memoryIds[3]!, 0.72);
      await addEdge('SEMANTIC', memoryIds[0]!, memoryIds[1]!, 0.41);
      await addEdge('SEMANTIC', memoryIds[0]!, memoryIds[1]!, 0.39); // a parallel edge: ordered by its properties
      await driver.executeQuery(
        `MATCH (a:Agent {tenantId: $t, id: 'eve'})
         MATCH (m:Memory {id: $memoryId})
         CREATE (a)-[:PURSUES {tenantId: $t, priority: 0.9}]->(:Goal {id: randomUUID(), tenantId: $t, agentId: 'eve', name: 'impress investors', embedding: m.embedding, createdAt: datetime()})
         MERGE (c:Concept {tenantId: $t, agentId: 'eve', name: 'demo'})
         CREATE (a)-[:PRIMED {tenantId: $t, agentId: 'eve', activation: 0.6, at: datetime('2024-06-02T10:00:00Z')}]->(c)`,
        { t: tenantA(), memoryId: memoryIds[0] },
        DB,
      );
      await a().ok(FORGET, { id: memoryIds[2] }); // archived memories travel too
      // Let the slow path finish first, so nothing changes under the exports being compared.
      await eventually(() => pendingCount('eve'), (n) => n === 0, 30_000);
      original = await exportText('eve');
    });

    it('exports deterministic, sorted-key JSON Lines: agent, goals, concepts, memories, edges', async () => {
      expect(await exportText('eve')).toBe(original);
      const all = lines(original);
      const kinds = all.map((l) => l.kind);
      expect(kinds[0]).toBe('agent');
      const order = ['agent', 'goal', 'concept', 'memory', 'revision', 'edge'];
      expect([...kinds].sort((x, y) => order.indexOf(x) - order.indexOf(y))).toEqual(kinds);
      for (const raw of original.split('\n').filter(Boolean)) {
        const parsed = JSON.parse(raw) as Record<string, unknown>;
        expect(Object.keys(parsed)).toEqual(Object.keys(parsed).sort());
      }
      const agent = all[0]!;
      expect(agent.props.id).toBe('eve');
      expect(agent.props).not.toHaveProperty('tenantId');
      expect(agent.props).not.toHaveProperty('stateLock');
      expect(agent.props).not.toHaveProperty('creationToken');

      const memories = all.filter((l) => l.kind === 'memory');
      expect(memories.map((m) => m.props.externalId)).toEqual(['eve-0', ...(memoryIds[1]! < memoryIds[2]! ? ['eve-1', 'eve-2'] : ['eve-2', 'eve-1']), 'eve-3']);
      const first = memories[0]!;
      expect(first.props.occurredAt).toBe('2024-06-01T10:00:00.000Z');
      expect(first.types).toMatchObject({ occurredAt: 'datetime', encodedAt: 'datetime' });
      expect(Array.isArray(first.props.embedding)).toBe(true);
      expect(memories.find((m) => m.props.externalId === 'eve-2')?.props.archived).toBe(true);

      const edges = all.filter((l) => l.kind === 'edge');
      const types = new Set(edges.map((e) => e.type));
      // The test's own CAUSAL edge, the chain, tags, goals and priming: which other types
      // encode creates depends on the embedder (hash or the local model), so none is required.
      for (const t of ['CAUSAL', 'TEMPORAL', 'PURSUES', 'PRIMED', 'TAGGED']) expect(types).toContain(t);
      const causal = edges.find((e) => e.type === 'CAUSAL' && e.props.weight === 0.72)!; // ours, not encode's
      expect(causal.props).toMatchObject({ weight: 0.72, coActivations: 3, createdAt: '2024-03-01T10:00:00.123Z' });
      expect(causal.types).toMatchObject({ coActivations: 'int', createdAt: 'datetime' });
    });

    it('round-trips: export → import → export is byte-identical apart from the documented ids', async () => {
      const before = await countTenant(driver, tenantA());
      const res = await rest('/agents/eve-copy/import', { method: 'POST', body: original });
      expect(res.status).toBe(201);
      const summary = (await res.json()) as Record<string, number | string>;
      const all = lines(original);
      expect(summary).toEqual({
        agentId: 'eve-copy',
        goals: all.filter((l) => l.kind === 'goal').length,
        concepts: all.filter((l) => l.kind === 'concept').length,
        memories: all.filter((l) => l.kind === 'memory').length,
        revisions: all.filter((l) => l.kind === 'revision').length,
        edges: all.filter((l) => l.kind === 'edge').length,
      });
      // The forget of eve-2 is in its history, and travels with it.
      expect(all.filter((l) => l.kind === 'revision').map((l) => [l.memory, l.props.kind, l.props.memoryId])).toEqual([[memoryIds[2], 'FORGET', memoryIds[2]]]);
      const after = await countTenant(driver, tenantA());
      // Besides the exported nodes, the copy's term statistics (one LexTerm per distinct term,
      // recounted from its memories: they are derived, not exported).
      expect(after.nodes - before.nodes).toBe(
        1 + Number(summary.goals) + Number(summary.concepts) + Number(summary.memories) + Number(summary.revisions) + (await lexTerms('eve-copy')),
      );
      expect(await lexTerms('eve-copy')).toBe(await lexTerms('eve'));
      // Each revision hangs off its memory by one REVISED edge.
      expect(after.edges - before.edges).toBe(Number(summary.edges) + Number(summary.revisions));

      const copy = await exportText('eve-copy');
      expect(copy).not.toBe(original);
      expect(normaliseIds(copy)).toBe(normaliseIds(original));

      // Fresh memory ids, kept externalIds; the copy is not re-appraised.
      const copied = lines(copy).filter((l) => l.kind === 'memory');
      expect(copied.map((m) => m.props.id).filter((id) => memoryIds.includes(id as string))).toEqual([]);
      await new Promise((r) => setTimeout(r, 2500));
      expect(await exportText('eve-copy')).toBe(copy);

      // A second import of the same file never collides with the first.
      const second = await rest('/agents/eve-copy-2/import', { method: 'POST', body: original });
      expect(second.status).toBe(201);
      expect(normaliseIds(await exportText('eve-copy-2'))).toBe(normaliseIds(original));
    });

    it('pages through many memories (sharing timestamps) in a stable order', async () => {
      // Synthesised from the real export: 600 memories, three per instant, spanning 3 pages.
      const all = lines(original);
      const template = all.find((l) => l.kind === 'memory')!;
      const synthetic = [
        JSON.stringify(all[0]),
        ...Array.from({ length: 600 }, (_, i) =>
          JSON.stringify({
            ...template,
            props: {
              ...template.props,
              id: `bulk-${String(i).padStart(4, '0')}`,
              externalId: `bulk-${i}`,
              content: `bulk memory ${i}`,
              occurredAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 60_000).toISOString(),
            },
          }),
        ),
        ...Array.from({ length: 599 }, (_, i) =>
          JSON.stringify({
            kind: 'edge',
            type: 'TEMPORAL',
            from: { label: 'Memory', id: `bulk-${String(i).padStart(4, '0')}` },
            to: { label: 'Memory', id: `bulk-${String(i + 1).padStart(4, '0')}` },
            props: { agentId: 'eve', chain: true, weight: 0.5 },
            types: {},
          }),
        ),
      ].join('\n');
      const res = await rest('/agents/bulk/import', { method: 'POST', body: synthetic });
      expect(res.status).toBe(201);
      const exported = await exportText('bulk');
      const memories = lines(exported).filter((l) => l.kind === 'memory');
      expect(memories.map((m) => m.props.externalId)).toEqual(Array.from({ length: 600 }, (_, i) => `bulk-${i}`));
      const edges = lines(exported).filter((l) => l.kind === 'edge');
      expect(edges).toHaveLength(599);
      const index = new Map(memories.map((m, i) => [m.props.id, i]));
      expect(edges.map((e) => [index.get((e.from as { id: string }).id), index.get((e.to as { id: string }).id)])).toEqual(
        Array.from({ length: 599 }, (_, i) => [i, i + 1]),
      );
    });

    it('offers the export link over GraphQL', async () => {
      const r = await a().ok<{ exportAgent: { agentId: string; path: string; contentType: string } }>(EXPORT_LINK, { id: 'eve' });
      expect(r.exportAgent).toEqual({ agentId: 'eve', path: '/agents/eve/export', contentType: 'application/x-ndjson' });
      expect(await b().errorCode(EXPORT_LINK, { id: 'eve' })).toBe('NOT_FOUND');
    });

    it('answers 404 / 401 for unknown agents, other tenants and missing keys', async () => {
      const unknown = await rest('/agents/nobody/export');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'agent nobody not found' });
      const foreign = await rest('/agents/eve/export', { key: stack.tenants[1]!.key });
      expect(foreign.status).toBe(404);
      const anonymous = await rest('/agents/eve/export', { key: null });
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
      const anonymousImport = await rest('/agents/intruder/import', { method: 'POST', body: original, key: null });
      expect(anonymousImport.status).toBe(401);
    });

    describe('rejects bad imports and writes nothing', () => {
      /** Changes the first line of the kind (and edge type, if given). */
      const mutate = (text: string, kind: string, change: (l: Line) => Line, edgeType?: string): string => {
        let done = false;
        return text
          .split('\n')
          .map((raw) => {
            if (done || raw === '') return raw;
            const l = JSON.parse(raw) as Line;
            if (l.kind !== kind || (edgeType !== undefined && l.type !== edgeType)) return raw;
            done = true;
            return JSON.stringify(change(l));
          })
          .join('\n');
      };
      const cases: [string, () => string, number][] = [
        ['an existing target agent', () => original, 409],
        ['a line that is not JSON', () => `${original}{not json\n`, 400],
        ['an empty body', () => '', 400],
        ['a first line that is not the agent', () => original.split('\n').slice(1).join('\n'), 400],
        ['a wrong format version', () => mutate(original, 'agent', (l) => ({ ...l, version: 99 })), 400],
        ['an embedding of another dimension', () => mutate(original, 'memory', (l) => ({ ...l, props: { ...l.props, embedding: [0.1, 0.2, 0.3] } })), 400],
        ['an edge to a memory not in the file', () => mutate(original, 'edge', (l) => ({ ...l, to: { label: 'Memory', id: 'ghost' } }), 'CAUSAL'), 400],
        ['an unknown edge type', () => mutate(original, 'edge', (l) => ({ ...l, type: 'HATES' })), 400],
        ['an edge between the wrong kinds', () => mutate(original, 'edge', (l) => ({ ...l, to: { label: 'Agent' } })), 400],
        ['a null property', () => mutate(original, 'memory', (l) => ({ ...l, props: { ...l.props, importance: null } })), 400],
        ['a bad datetime', () => mutate(original, 'memory', (l) => ({ ...l, props: { ...l.props, occurredAt: 'yesterday' } })), 400],
        ['valence out of range', () => mutate(original, 'memory', (l) => ({ ...l, props: { ...l.props, valence: 3 } })), 400],
        ['a tenantId in the file', () => mutate(original, 'memory', (l) => ({ ...l, props: { ...l.props, tenantId: 'other' } })), 400],
        ['a duplicated memory', () => `${original}${original.split('\n').find((r) => r.includes('"kind":"memory"'))}\n`, 400],
        ['a broken last line', () => `${original.slice(0, -20)}\n`, 400],
      ];
      it.each(cases)('%s', async (_name, body, status) => {
        const before = await countTenant(driver, tenantA());
        const target = status === 409 ? 'eve' : 'eve-rejected';
        const res = await rest(`/agents/${target}/import`, { method: 'POST', body: body() });
        expect(res.status).toBe(status);
        const error = (await res.json()) as { code: string; message: string };
        expect(error.code).toBe('BAD_USER_INPUT');
        expect(error.message.length).toBeGreaterThan(0);
        expect(await countTenant(driver, tenantA())).toEqual(before);
      });

      it('names the embedder mismatch clearly', async () => {
        const res = await rest('/agents/eve-rejected/import', {
          method: 'POST',
          body: mutate(original, 'memory', (l) => ({ ...l, props: { ...l.props, embedding: [0.1, 0.2, 0.3] } })),
        });
        expect(((await res.json()) as { message: string }).message).toMatch(/embedding has 3 dimensions but the active embedder produces \d+/);
      });

      it('refuses JSON content types (the body would be parsed away)', async () => {
        const res = await rest('/agents/eve-rejected/import', { method: 'POST', body: original, contentType: 'application/json' });
        expect([400, 413]).toContain(res.status);
        expect(await agentNodes(tenantA(), 'eve-rejected')).toBe(0);
      });
    });

    it('deleteAgent removes an imported agent completely', async () => {
      const r = await a().ok<DeleteResult>(DELETE_AGENT, { id: 'eve-copy-2' });
      expect(r.deleteAgent.agentDeleted).toBe(true);
      expect(await agentNodes(tenantA(), 'eve-copy-2')).toBe(0);
      expect(normaliseIds(await exportText('eve-copy'))).toBe(normaliseIds(original));
    });
  });
});
