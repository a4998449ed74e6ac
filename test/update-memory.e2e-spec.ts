import type { Driver } from 'neo4j-driver';
import { cypher, drain, startInProcessWorker, type InProcessWorker } from './support/consolidation-harness';
import { countTenant, eventually, testDriver } from './support/neo4j';
import { backgroundSettled } from './support/queues';
import { startStack, type Stack } from './support/stack';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const CREATE_AGENT = `mutation($id: ID!, $preset: AgentPreset) { createAgent(input: { id: $id, preset: $preset }) { id preset } }`;
const UPDATE_AGENT = `mutation($id: ID!, $input: UpdateAgentInput!) { updateAgent(id: $id, input: $input) { id preset } }`;
const AGENT = `query($id: ID!) { agent(id: $id) { id preset } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const MEMORY_FIELDS = `id content tags importance valence arousal dominance pendingAppraisal metadata archived embeddingModel occurredAt`;
const UPDATE = `mutation($id: ID!, $patch: MemoryPatchInput!) { updateMemory(id: $id, patch: $patch) { ${MEMORY_FIELDS} } }`;
const MEMORY = `query($id: ID!, $first: Int) { memory(id: $id) { ${MEMORY_FIELDS} redirectedFrom
  revisions(first: $first) { at kind memoryId seq fields before after relatedMemoryId } } }`;
const FORGET = `mutation($id: ID!, $hard: Boolean) { forget(memoryId: $id, hard: $hard) { mode } }`;
const RESTORE = `mutation($id: ID!) { restore(memoryId: $id) { id } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { items { memory { id } } } }`;

interface StoredMemory {
  id: string;
  content: string;
  tags: string[];
  importance: number;
  valence: number;
  arousal: number;
  dominance: number;
  pendingAppraisal: boolean;
  metadata: Record<string, unknown> | null;
  archived: boolean;
  occurredAt: string;
  redirectedFrom: string | null;
  revisions: { at: string; kind: string; memoryId: string; seq: number; fields: string[]; before: Record<string, unknown>; after: Record<string, unknown>; relatedMemoryId: string | null }[];
}

const DATABASE = [
  'The PostgreSQL replica lagged behind the primary during the nightly backup.',
  'We added an index on the invoices table and the slow PostgreSQL query got fast.',
  'The database connection pool ran out of connections under load.',
  'Vacuuming the PostgreSQL tables freed a lot of disk space.',
];
const GARDEN = [
  'Watered the tomato plants in the garden before breakfast.',
  'The basil in the garden bed is growing fast this summer.',
  'Picked ripe tomatoes and cucumbers from the vegetable garden.',
  'Spread compost over the garden beds to feed the soil.',
];
const OLD_TEXT = 'The PostgreSQL migration failed because of a missing quokka index on the database.';
const NEW_TEXT = 'Planted tomato seedlings and basil in the garden beds this morning.';

describe('updateMemory, revisions, merged ids and updateAgent', () => {
  let stack: Stack;
  let driver: Driver;
  let worker: InProcessWorker;
  const t0 = Date.now();
  const a = () => stack.tenants[0]!.client;
  const b = () => stack.tenants[1]!.client;
  const tenantA = () => stack.tenants[0]!.id;

  beforeAll(async () => {
    stack = await startStack({ tenants: 2, worker: false });
    driver = testDriver();
    // The whole worker in this process, on a simulated clock: appraisal and recall effects as
    // usual, and reviews (merges) when the test moves time.
    worker = await startInProcessWorker(
      {
        LIMBIC_QUEUE_PREFIX: stack.env.LIMBIC_QUEUE_PREFIX!,
        LIMBIC_SWEEP_TENANTS: stack.env.LIMBIC_SWEEP_TENANTS!,
        LIMBIC_REVIEW_TENANTS: stack.env.LIMBIC_REVIEW_TENANTS!,
        LIMBIC_REVIEW_HORIZON_MS: '0',
        LIMBIC_REVIEW_SWEEP_INTERVAL_MS: '86400000',
        LIMBIC_PENDING_SWEEP_INTERVAL_MS: '1000',
      },
      t0,
    );
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await stack?.stop();
    await driver?.close();
  });

  const encode = async (agentId: string, content: string, extra: Record<string, unknown> = {}) =>
    (await a().ok<{ encode: { id: string } }>(ENCODE, { input: { agentId, content, ...extra } })).encode.id;
  const memory = async (id: string, first = 20) => (await a().ok<{ memory: StoredMemory }>(MEMORY, { id, first })).memory;
  const update = async (id: string, patch: Record<string, unknown>) => (await a().ok<{ updateMemory: StoredMemory }>(UPDATE, { id, patch })).updateMemory;
  const settled = async () => {
    await backgroundSettled(stack);
    return countTenant(driver, tenantA());
  };
  /** The memory's resonance links outside the temporal chain, by the other end's id. */
  const links = async (id: string) =>
    (
      await cypher<{ other: string }>(
        driver,
        `MATCH (m:Memory {id: $id})-[r]-(o:Memory) WHERE type(r) IN ['SEMANTIC','EMOTIONAL','TEMPORAL','CAUSAL','CONTRASTIVE'] AND coalesce(r.chain, false) = false
         RETURN o.id AS other`,
        { id },
      )
    ).map((r) => r.other);
  const recallIds = async (query: string, profile: string) =>
    (await a().ok<{ recall: { items: { memory: { id: string } }[] } }>(RECALL, { input: { agentId: 'ada', query, topK: 5, profile, spread: { enabled: false } } })).recall.items.map(
      (i) => i.memory.id,
    );

  describe('content, tags, importance, affect and metadata', () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      await a().ok(CREATE_AGENT, { id: 'ada', preset: 'personal' });
      // Days apart, so that links are chosen by content rather than by time.
      const texts = [...DATABASE.map((c, i) => [`db${i}`, c] as const), ...GARDEN.map((c, i) => [`garden${i}`, c] as const)];
      for (const [i, [key, content]] of texts.entries()) {
        ids[key] = await encode('ada', content, { occurredAt: new Date(t0 - (30 - 2 * i) * DAY).toISOString() });
      }
      ids.target = await encode('ada', OLD_TEXT, { occurredAt: new Date(t0 - 5 * DAY).toISOString(), tags: ['work'], metadata: { source: 'chat' } });
      await settled();
    }, 120_000);

    it('re-embeds, relinks and re-counts a new text in one change, with its revision', async () => {
      const before = await memory(ids.target!);
      const linkedBefore = await links(ids.target!);
      expect(linkedBefore.filter((id) => Object.keys(ids).some((k) => k.startsWith('db') && ids[k] === id)).length).toBeGreaterThan(0);
      expect(await recallIds(OLD_TEXT, 'semantic')).toHaveProperty('0', ids.target);
      await eventually(() => recallIds('quokka', 'lexical'), (found) => found[0] === ids.target, 20_000);
      const quokkaTerms = () => cypher<{ df: number }>(driver, `MATCH (t:LexTerm {tenantId: $t, agentId: 'ada'}) WHERE t.term STARTS WITH 'quokk' RETURN t.df AS df`, { t: tenantA() });
      expect((await quokkaTerms()).map((r) => r.df)).toEqual([1]);
      const docsBefore = await cypher<{ docs: number }>(driver, `MATCH (a:Agent {tenantId: $t, id: 'ada'}) RETURN a.lexDocs AS docs`, { t: tenantA() });

      const updated = await update(ids.target!, { content: NEW_TEXT });
      expect(updated).toMatchObject({ id: ids.target, content: NEW_TEXT, occurredAt: before.occurredAt, tags: ['work'], metadata: { source: 'chat' } });

      // Embedded anew: the new text finds it first, the old one no longer does.
      expect((await recallIds(NEW_TEXT, 'semantic'))[0]).toBe(ids.target);
      expect((await recallIds(OLD_TEXT, 'semantic'))[0]).not.toBe(ids.target);
      // Relinked: now to the garden notes, no longer to the database ones.
      const linkedAfter = await links(ids.target!);
      const gardens = GARDEN.map((_, i) => ids[`garden${i}`]);
      const databases = DATABASE.map((_, i) => ids[`db${i}`]);
      expect(linkedAfter.filter((id) => gardens.includes(id)).length).toBeGreaterThan(linkedAfter.filter((id) => databases.includes(id)).length);
      expect(linkedAfter).not.toEqual(linkedBefore);
      // The old text's terms left the agent's statistics, the document count stayed.
      expect(await quokkaTerms()).toEqual([]);
      expect(await cypher(driver, `MATCH (a:Agent {tenantId: $t, id: 'ada'}) RETURN a.lexDocs AS docs`, { t: tenantA() })).toEqual(docsBefore);
      await eventually(() => recallIds('quokka', 'lexical'), (found) => !found.includes(ids.target!), 20_000);
      // Its concepts follow the text (priming reads TAGGED).
      const concepts = await cypher<{ name: string }>(driver, 'MATCH (:Memory {id: $id})-[:TAGGED]->(c:Concept) RETURN c.name AS name', { id: ids.target });
      expect(concepts.map((c) => c.name)).toContain('work');
      expect(concepts.map((c) => c.name)).not.toContain('quokka');

      const revisions = (await memory(ids.target!)).revisions;
      expect(revisions).toHaveLength(1);
      expect(revisions[0]).toMatchObject({ kind: 'UPDATE', memoryId: ids.target, seq: 1, fields: ['content'], before: { content: OLD_TEXT }, after: { content: NEW_TEXT }, relatedMemoryId: null });
    });

    it('changes tags, importance and metadata, and lists revisions newest first with old and new values', async () => {
      await update(ids.target!, { tags: ['garden', 'Work'], importance: 0.9 });
      const m = await update(ids.target!, { metadata: { source: 'mail', turn: 3 } });
      expect(m).toMatchObject({ tags: ['garden', 'work'], importance: 0.9, metadata: { source: 'mail', turn: 3 } });
      const concepts = await cypher<{ name: string }>(driver, 'MATCH (:Memory {id: $id})-[:TAGGED]->(c:Concept) RETURN c.name AS name', { id: ids.target });
      expect(concepts.map((c) => c.name)).toContain('garden');
      const metadataPairs = await cypher<{ pairs: string[] }>(driver, 'MATCH (m:Memory {id: $id}) RETURN m.metadataPairs AS pairs', { id: ids.target });
      expect(metadataPairs[0]?.pairs).toEqual(['source\u001f"mail"', 'turn\u001f3']);

      const { revisions } = await memory(ids.target!);
      expect(revisions.map((r) => [r.seq, r.fields])).toEqual([
        [3, ['metadata']],
        [2, ['tags', 'importance']],
        [1, ['content']],
      ]);
      expect(revisions[0]).toMatchObject({ before: { metadata: { source: 'chat' } }, after: { metadata: { source: 'mail', turn: 3 } } });
      expect(revisions[1]!.before).toMatchObject({ tags: ['work'] });
      expect(revisions[1]!.after).toEqual({ tags: ['garden', 'work'], importance: 0.9 });
      expect((await memory(ids.target!, 1)).revisions.map((r) => r.seq)).toEqual([3]);

      // Removing the metadata is a change too.
      expect((await update(ids.target!, { metadata: null })).metadata).toBeNull();
      expect((await memory(ids.target!, 1)).revisions[0]).toMatchObject({ fields: ['metadata'], after: { metadata: null } });
    });

    it('keeps an updated affect as given: appraisal does not blend it away', async () => {
      const id = await encode('ada', 'I am thrilled, the garden won first prize at the fair!');
      const given = { valence: -0.4, arousal: 0.2, dominance: 0.7 };
      const m = await update(id, { affect: given });
      expect(m).toMatchObject({ ...given, pendingAppraisal: false });
      await backgroundSettled(stack);
      expect(await memory(id)).toMatchObject({ ...given, pendingAppraisal: false });
      const flags = await cypher<{ given: boolean }>(driver, 'MATCH (m:Memory {id: $id}) RETURN m.affectGiven AS given', { id });
      expect(flags[0]?.given).toBe(true);
      // Dominance omitted keeps the stored one.
      expect(await update(id, { affect: { valence: 0.1, arousal: 0.2 } })).toMatchObject({ valence: 0.1, dominance: 0.7 });
    });

    it('writes no revision for a patch that changes nothing', async () => {
      const before = await memory(ids.target!);
      const count = await settled();
      const same = await update(ids.target!, { content: before.content, tags: [...before.tags].reverse(), importance: before.importance });
      expect(same.content).toBe(before.content);
      expect(await countTenant(driver, tenantA())).toEqual(count);
      expect((await memory(ids.target!)).revisions).toHaveLength(before.revisions.length);
    });

    it('refuses bad input, unknown ids and other tenants’ memories, writing nothing', async () => {
      const before = await memory(ids.target!);
      const count = await settled();
      for (const patch of [
        {},
        { content: null },
        { content: '   ' },
        { content: 'nul \u0000 inside' },
        { importance: 1.5 },
        { affect: { valence: 3, arousal: 0.5 } },
        { tags: ['ok', ''] },
        { metadata: { 'bad key': 1 } },
        { metadata: { a: { b: { c: { d: { e: 1 } } } } } },
      ]) {
        expect([JSON.stringify(patch), await a().errorCode(UPDATE, { id: ids.target, patch })]).toEqual([JSON.stringify(patch), 'BAD_USER_INPUT']);
      }
      expect(await a().errorCode(UPDATE, { id: 'no-such-memory', patch: { importance: 0.2 } })).toBe('NOT_FOUND');
      expect(await a().errorCode(UPDATE, { id: 'x'.repeat(500), patch: { importance: 0.2 } })).toBe('NOT_FOUND');
      expect(await b().errorCode(UPDATE, { id: ids.target, patch: { importance: 0.2 } })).toBe('NOT_FOUND');
      expect(await b().errorCode(MEMORY, { id: ids.target })).toBe('NOT_FOUND');
      expect(await countTenant(driver, tenantA())).toEqual(count);
      expect(await memory(ids.target!)).toEqual(before);
    });

    it('loses no revision when one memory is updated concurrently', async () => {
      const id = ids.db0!;
      const values = [0.11, 0.12, 0.13, 0.14, 0.15, 0.16];
      await Promise.all(values.map((importance) => update(id, { importance })));
      const { revisions, importance } = await memory(id);
      expect(revisions.map((r) => r.seq)).toEqual([6, 5, 4, 3, 2, 1]);
      const chain = [...revisions].reverse();
      // Each one saw the one before: its old value is the previous one's new value.
      for (let i = 1; i < chain.length; i++) expect(chain[i]!.before.importance).toBe(chain[i - 1]!.after.importance);
      expect(chain[chain.length - 1]!.after.importance).toBe(importance);
      expect(chain.map((r) => r.after.importance).sort()).toEqual(values);
    });

    it('records forget and restore, and a hard delete takes the revisions along', async () => {
      const id = ids.db1!;
      await a().ok(FORGET, { id });
      await a().ok(FORGET, { id }); // a second forget changes nothing
      await a().ok(RESTORE, { id });
      await a().ok(RESTORE, { id }); // nor does restoring a live memory
      const { revisions } = await memory(id);
      expect(revisions.map((r) => [r.kind, r.fields, r.before, r.after])).toEqual([
        ['RESTORE', ['archived'], { archived: true }, { archived: false }],
        ['FORGET', ['archived'], { archived: false }, { archived: true }],
      ]);
      await a().ok(FORGET, { id, hard: true });
      expect(await cypher(driver, 'MATCH (v:Revision {tenantId: $t, memoryId: $id}) RETURN v', { t: tenantA(), id })).toEqual([]);
    });
  });

  describe('updateAgent and createAgent', () => {
    it('changes the preset; createAgent with another preset is refused, with the same (or none) stays idempotent', async () => {
      await a().ok(CREATE_AGENT, { id: 'upa', preset: 'personal' });
      expect((await a().ok<{ updateAgent: { preset: string } }>(UPDATE_AGENT, { id: 'upa', input: { preset: 'enterprise' } })).updateAgent).toEqual({ id: 'upa', preset: 'enterprise' });
      expect((await a().ok<{ agent: { preset: string } }>(AGENT, { id: 'upa' })).agent.preset).toBe('enterprise');

      const count = await countTenant(driver, tenantA());
      expect(await a().errorCode(CREATE_AGENT, { id: 'upa', preset: 'personal' })).toBe('BAD_USER_INPUT');
      expect((await a().ok<{ createAgent: { preset: string } }>(CREATE_AGENT, { id: 'upa', preset: 'enterprise' })).createAgent.preset).toBe('enterprise');
      expect((await a().ok<{ createAgent: { preset: string } }>(CREATE_AGENT, { id: 'upa' })).createAgent.preset).toBe('enterprise');
      expect(await a().errorCode(UPDATE_AGENT, { id: 'upa', input: {} })).toBe('BAD_USER_INPUT');
      expect(await a().errorCode(UPDATE_AGENT, { id: 'nobody', input: { preset: 'npc' } })).toBe('NOT_FOUND');
      expect(await b().errorCode(UPDATE_AGENT, { id: 'upa', input: { preset: 'npc' } })).toBe('NOT_FOUND');
      expect(await countTenant(driver, tenantA())).toEqual(count);
      expect((await a().ok<{ agent: { preset: string } }>(AGENT, { id: 'upa' })).agent.preset).toBe('enterprise');
    });
  });

  describe('merges (consolidation)', () => {
    it('answers a merged id with its survivor, and both histories show the merge', async () => {
      await a().ok(CREATE_AGENT, { id: 'mia' });
      const twin = 'Bought oat milk and coffee beans at the corner shop.';
      const older = await encode('mia', twin, { importance: 0.4 });
      const newer = await encode('mia', twin, { importance: 0.4 });
      // The newer twin has a history of its own before it is merged.
      await update(newer, { tags: ['groceries'] });
      await backgroundSettled(stack);

      // Reviews come about an hour after encoding: the review merges the twins into the older.
      worker.clock.set(t0 + 3 * HOUR);
      await worker.sweep.sweepOnce();
      await drain(worker, driver, tenantA());
      expect(await cypher(driver, 'MATCH (m:Memory {id: $id}) RETURN m.id', { id: newer })).toEqual([]);

      const answered = await memory(newer);
      expect(answered).toMatchObject({ id: older, redirectedFrom: newer });
      expect(answered.tags).toContain('groceries');
      expect((await memory(older)).redirectedFrom).toBeNull();
      const kinds = answered.revisions.map((r) => [r.kind, r.memoryId, r.relatedMemoryId]);
      expect(kinds).toEqual(
        expect.arrayContaining([
          ['MERGE_INTO', newer, older],
          ['MERGED_FROM', older, newer],
          ['UPDATE', newer, null],
        ]),
      );
      expect(answered.revisions.find((r) => r.kind === 'MERGED_FROM')).toMatchObject({ fields: ['tags'], before: { tags: [] }, after: { tags: ['groceries'] } });
      expect(new Set(answered.revisions.map((r) => r.seq)).size).toBe(answered.revisions.length);

      // Writes to a merged id are refused, naming the memory to write to; other tenants see nothing.
      const refused = await a().request(UPDATE, { id: newer, patch: { importance: 0.2 } });
      expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(refused.errors?.[0]?.message).toContain(older);
      expect(await b().errorCode(MEMORY, { id: newer })).toBe('NOT_FOUND');
    });
  });
});
