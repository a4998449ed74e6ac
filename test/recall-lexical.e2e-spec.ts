import type { Driver } from 'neo4j-driver';
import { testDriver } from './support/neo4j';
import { sharedStack, type SharedStack } from './support/shared-stack';
import { scopeToAgent } from '../apps/api/src/recall/utils/lucene-query';

const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const T0 = Date.UTC(2025, 4, 1, 9);
const at = (i: number) => new Date(T0 + i * 60_000).toISOString();

/**
 * The lexical signal's BM25 reads the agent's own term statistics, not the fulltext index's,
 * which every agent and tenant share. Set-up where the two disagree: the agent says its own
 * name ("Zorblax") in every memory, another tenant talks about conferences all day. By the
 * index's statistics "zorblax" is rare and "conference" common — the wrong way round for
 * this agent, whose one memory about a conference is what a query for both words wants.
 */
describe('recall: lexical signal from the agent own term statistics', () => {
  let stack: SharedStack;
  let driver: Driver;
  const mine = () => stack.tenants[0]!.limbic;
  const theirs = () => stack.tenants[1]!.limbic;
  const ids = new Map<string, string>();

  const lexicalRecall = async () =>
    (await mine().recall('zed', 'Zorblax conference', { profile: 'lexical', topK: 5, explain: true })).items;

  async function stats(tenant: number, agentId: string, term: string): Promise<{ docs: number | null; df: number | null }> {
    const { records } = await driver.executeQuery(
      `OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
       OPTIONAL MATCH (t:LexTerm {tenantId: $tenantId, agentId: $agentId, term: $term})
       RETURN a.lexDocs AS docs, t.df AS df`,
      { tenantId: stack.tenants[tenant]!.id, agentId, term },
      DB,
    );
    const r = records[0];
    const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return { docs: n(r?.get('docs')), df: n(r?.get('df')) };
  }

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 2 });
    driver = testDriver();
    await mine().createAgent('zed');
    const items = [
      { externalId: 'name-heavy', content: 'Zorblax here. Zorblax says Zorblax is fine.', occurredAt: at(0) },
      ...Array.from({ length: 20 }, (_, i) => ({ externalId: `filler-${i}`, content: `Zorblax: lunch plan number ${i} with the team`, occurredAt: at(1 + i) })),
      { externalId: 'conference', content: 'Zorblax: the conference keynote was inspiring', occurredAt: at(30) },
    ];
    for (const r of (await mine().rememberMany('zed', items)).items) ids.set(r.memory.externalId!, r.memory.id);

    await theirs().createAgent('crowd');
    const crowd = Array.from({ length: 300 }, (_, i) => ({ externalId: `c${i}`, content: `conference call ${i} notes and conference slides`, occurredAt: at(i) }));
    await theirs().rememberMany('crowd', crowd);
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('keeps per-agent counts: documents, and document frequency per stemmed term', async () => {
    expect(await stats(0, 'zed', 'zorblax')).toEqual({ docs: 22, df: 22 });
    expect(await stats(0, 'zed', 'confer')).toEqual({ docs: 22, df: 1 });
    // The other tenant's counts are its own.
    expect(await stats(1, 'crowd', 'confer')).toEqual({ docs: 300, df: 300 });
    expect(await stats(1, 'crowd', 'zorblax')).toEqual({ docs: 300, df: null });
  });

  it('ranks the memory with the word rare in this agent first (the index-wide statistics ranked the name-heavy one first)', async () => {
    const items = await lexicalRecall();
    expect(items[0]?.memory.externalId).toBe('conference');
    expect(items[0]?.explanation?.signals.lexical).toBe(1);
    const nameHeavy = items.find((i) => i.memory.externalId === 'name-heavy');
    // Its three "zorblax" are worth little where every memory has one.
    expect(nameHeavy?.explanation?.signals.lexical ?? 0).toBeLessThan(0.2);
  });

  it("another tenant's writes do not move this agent's lexical scores", async () => {
    const before = await lexicalRecall();
    const noise = Array.from({ length: 200 }, (_, i) => ({ externalId: `z${i}`, content: `Zorblax zorblax ${i}`, occurredAt: at(400 + i) }));
    await theirs().rememberMany('crowd', noise);
    const after = await lexicalRecall();
    expect(after.map((i) => [i.memory.externalId, i.explanation?.signals.lexical])).toEqual(before.map((i) => [i.memory.externalId, i.explanation?.signals.lexical]));
  });

  it('an export carries no statistics; the imported copy recounts them from its memories', async () => {
    const lines: string[] = [];
    for await (const line of mine().exportAgent('zed')) lines.push(line);
    const exported = lines.map((l) => `${l}\n`).join('');
    expect(exported).toContain('conference keynote');
    expect(exported).not.toMatch(/lexDocs|lexTerms|LexTerm/);
    expect(await mine().importAgent('zed-copy', [exported])).toMatchObject({ agentId: 'zed-copy', memories: 22 });
    expect(await stats(0, 'zed-copy', 'zorblax')).toEqual({ docs: 22, df: 22 });
    expect(await stats(0, 'zed-copy', 'confer')).toEqual({ docs: 22, df: 1 });
  });

  it('a hard-deleted memory leaves the counts; deleting the agent removes them', async () => {
    await mine().forget(ids.get('filler-0')!, { hard: true });
    expect(await stats(0, 'zed', 'zorblax')).toEqual({ docs: 21, df: 21 });
    expect(await stats(0, 'zed', 'lunch')).toEqual({ docs: 21, df: 19 });
    await mine().deleteAgent('zed');
    const { records } = await driver.executeQuery(
      'MATCH (t:LexTerm {tenantId: $tenantId, agentId: $agentId}) RETURN count(t) AS n',
      { tenantId: stack.tenants[0]!.id, agentId: 'zed' },
      DB,
    );
    expect(Number(records[0]?.get('n'))).toBe(0);
  });

  it('an agent whose id the analyzer drops (a stop word) still recalls its own memories only', async () => {
    // The fulltext scan is scoped by `agentId:"…"` (schema 008); for "the" the english analyzer
    // keeps no token, the clause falls away and the scan covers the tenant: the queries' own
    // filter must keep the neighbour's memories out.
    for (const agentId of ['the', 'neighbour']) {
      await mine().createAgent(agentId);
      const items = Array.from({ length: 5 }, (_, i) => ({ externalId: `${agentId}-${i}`, content: `the walrus number ${i} of ${agentId}`, occurredAt: at(500 + i) }));
      await mine().rememberMany(agentId, items);
    }
    for (const agentId of ['the', 'neighbour']) {
      let recalled: string[] = [];
      // The index is eventually consistent: wait until the memories are seeds at all.
      for (const deadline = Date.now() + 10_000; Date.now() < deadline && recalled.length < 5; ) {
        const r = await mine().recall(agentId, 'walrus', { profile: 'lexical', topK: 10, explain: true });
        recalled = r.items.filter((i) => i.explanation!.signals.lexical > 0).map((i) => i.memory.externalId!);
        if (recalled.length < 5) await new Promise((res) => setTimeout(res, 50));
      }
      expect(recalled.sort()).toEqual(Array.from({ length: 5 }, (_, i) => `${agentId}-${i}`));
    }
    // The index alone does not separate them for "the" (it does for "neighbour").
    const scoped = async (agentId: string) => {
      const query = scopeToAgent('walrus', stack.tenants[0]!.id, agentId);
      const { records } = await driver.executeQuery("CALL db.index.fulltext.queryNodes('memory_content', $query) YIELD node RETURN DISTINCT node.agentId AS a", { query }, DB);
      return records.map((r) => r.get('a') as string).sort();
    };
    // (Polled: the index is eventually consistent.)
    let forThe: string[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && forThe.length < 2; ) {
      forThe = await scoped('the');
      if (forThe.length < 2) await new Promise((res) => setTimeout(res, 50));
    }
    expect(forThe).toEqual(['neighbour', 'the']);
    expect(await scoped('neighbour')).toEqual(['neighbour']);
  });

  it('the fulltext index is eventually consistent, and a memory just encoded reaches it', async () => {
    // Encode does not pay a Lucene refresh for the fulltext index at commit (migration 007);
    // the index catches up in Neo4j's background job, milliseconds later.
    const { records: index } = await driver.executeQuery("SHOW INDEXES YIELD name, options WHERE name = 'memory_content' RETURN options", {}, DB);
    const config = (index[0]?.get('options') as { indexConfig: Record<string, unknown> }).indexConfig;
    expect(config).toEqual({ 'fulltext.analyzer': 'english', 'fulltext.eventually_consistent': true });

    const word = `quokka${Date.now().toString(36)}`;
    await mine().createAgent('late');
    const made = await mine().rememberMany('late', [{ content: `a ${word} crossed the path`, occurredAt: at(0) }]);
    const id = made.items[0]!.memory.id;
    let found: string[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && found.length === 0; ) {
      const { records } = await driver.executeQuery("CALL db.index.fulltext.queryNodes('memory_content', $word) YIELD node RETURN node.id AS id", { word }, DB);
      found = records.map((r) => r.get('id') as string);
      if (found.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(found).toEqual([id]);
  });
});
