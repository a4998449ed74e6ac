import type { Driver } from 'neo4j-driver';
import { countTenant, eventually, testDriver } from './support/neo4j';
import { BadInputError, type RecallOptions } from '@limbic/client';
import { sharedStack, type SharedStack } from './support/shared-stack';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2025, 2, 1, 9);

describe('recall: hybrid seeds, two passes, spreading activation, explain', () => {
  let stack: SharedStack;
  let driver: Driver;
  const limbic = () => stack.tenants[0]!.limbic;
  const other = () => stack.tenants[1]!.limbic;
  const recall = ({ query, ...options }: RecallOptions & { query: string }) => limbic().recall('rex', query, options);
  const ids = new Map<string, string>();

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 2 });
    driver = testDriver();
    await limbic().createAgent('rex');
    const encode = async (externalId: string, content: string, at: number, importance?: number) => {
      const m = await limbic().remember('rex', { externalId, content, occurredAt: new Date(at).toISOString(), ...(importance !== undefined ? { importance } : {}) });
      ids.set(externalId, m.id);
    };
    // Forty notes that all mention the database, days apart.
    for (let i = 0; i < 40; i++) {
      await encode(`f${i}`, `database note ${i}: reviewed backup schedule item ${i * 7} for the reporting team`, T0 + i * DAY, 0.1);
    }
    // The outage, and one minute later something unrelated in every word: linked in time only.
    await encode('outage', 'postgres primary outage; failover to replica took ninety minutes', T0 + 50 * DAY, 0.1);
    await encode('sunflowers', 'my daughter painted yellow sunflowers at school', T0 + 50 * DAY + 60_000, 1);
    // A rare keyword that only the fulltext index connects to its query.
    await encode('zyx', 'ticket ZYX-4411 closed', T0 + 60 * DAY, 0.1);
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('explains every item: weights, raw and weighted signals, both ranks', async () => {
    // A day from now the agent has recovered from encoding 43 memories: no energy cut.
    const r = await recall({ query: 'postgres outage failover replica', topK: 5, explain: true, now: new Date(Date.now() + DAY).toISOString() });
    expect(r.items[0]?.memory.externalId).toBe('outage');
    expect(r.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(r.items.map((i) => i.pass2Rank)).toEqual([1, 2, 3, 4, 5]);
    const sum = Object.values(r.weights).reduce((a, b) => a + b, 0);
    expect(sum).toBeGreaterThan(0);
    for (const item of r.items) {
      const e = item.explanation!;
      const weighted = Object.values(e.weighted).reduce((a, b) => a + b, 0);
      expect(weighted).toBeCloseTo(item.score, 9);
      expect(e.weighted.semantic).toBeCloseTo(e.weights.semantic! * e.signals.semantic!, 12);
      for (const v of Object.values(e.signals)) expect(v).toBeGreaterThanOrEqual(0);
    }
    expect(r.items[0]?.explanation?.signals.lexical).toBeCloseTo(1, 9);
  });

  it('finds a memory through the fulltext index alone (BM25 seed, lexical = score / best)', async () => {
    const r = await recall({ query: 'ZYX-4411', topK: 3, profile: 'lexical', explain: true });
    expect(r.items[0]?.memory.externalId).toBe('zyx');
    expect(r.items[0]?.explanation?.signals.lexical).toBe(1);
    expect(r.weightSource).toBe('profile');
  });

  it('escapes Lucene syntax in the query: the word among it still finds its memory through the fulltext index', async () => {
    for (const query of ['ZYX-4411 AND OR NOT', 'title:"ZYX-4411" (a || b) && c!', 'back\\slash ~ * ? [ ] { } ZYX-4411', '/regex/ ZYX-4411']) {
      const r = await recall({ query, topK: 2, profile: 'lexical', explain: true });
      expect({ query, top: r.items[0]?.memory.externalId, lexical: r.items[0]?.explanation?.signals.lexical }).toEqual({ query, top: 'zyx', lexical: 1 });
    }
  });

  it('brings back through resonance a memory sharing nothing with the query, and not with spreading off', async () => {
    // Importance decides among what is found; the sunflowers can only be found by spreading.
    const weights = { semantic: 0.1, importance: 0.9 };
    const query = 'postgres outage failover replica';
    const on = await recall({ query, topK: 3, weights, explain: true, spread: { hops: 2 } });
    const sun = on.items.find((i) => i.memory.externalId === 'sunflowers');
    expect(sun).toBeDefined();
    expect(sun?.pass1Rank).toBeNull();
    expect(sun?.explanation?.signals.semantic).toBeLessThan(0.2);
    expect(sun?.explanation?.signals.lexical).toBe(0);
    expect(sun?.explanation?.activation?.path.at(-1)).toBe(ids.get('sunflowers'));
    expect(sun?.explanation?.activation?.path[0]).toBe(sun?.explanation?.activation?.seedId);
    expect(sun?.explanation?.signals.resonance).toBeCloseTo(sun!.explanation!.activation!.activation, 12);

    for (const spread of [{ enabled: false }, { hops: 0 }]) {
      const off = await recall({ query, topK: 3, weights, explain: true, spread });
      expect(off.items.map((i) => i.memory.externalId)).not.toContain('sunflowers');
      for (const item of off.items) expect(item.explanation?.signals.resonance).toBe(0);
    }
  });

  it('the semantic profile reproduces plain vector order exactly', async () => {
    const query = 'database backup schedule for the reporting team';
    const r = await recall({ query, topK: 20, profile: 'semantic' });
    // The plain exact vector order of the agent, straight from Neo4j: score desc, id asc.
    const { records } = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $tenantId, agentId: 'rex'})
       RETURN m.id AS id ORDER BY vector.similarity.cosine(m.embedding, $vector) DESC, m.id LIMIT 20`,
      { tenantId: stack.tenants[0]!.id, vector: await queryVector(query) },
      { database: 'neo4j' },
    );
    expect(r.items.map((i) => i.memory.id)).toEqual(records.map((row) => row.get('id') as string));
    expect(r.weights.semantic).toBe(1);
    // Scores are plain cosines clamped to [0, 1].
    for (const item of r.items) expect(item.score).toBeLessThanOrEqual(1);
  });

  it('writes nothing but its pending record (the effects are the worker’s)', async () => {
    const tenantId = stack.tenants[0]!.id;
    const before = await countTenant(driver, tenantId);
    const r = await recall({ query: 'postgres outage', topK: 10, explain: true });
    // After answering, the API records the recall (one node, no edge) so that a lost effects job
    // is found again by the sweep; nothing else changes, and with no worker nothing is applied.
    const pending = await eventually(
      async () => (await driver.executeQuery('MATCH (e:RecallEffect {tenantId: $tenantId, id: $id}) RETURN e.appliedAt IS NULL AS pending', { tenantId, id: r.recallId }, { database: 'neo4j' })).records,
      (rows) => rows.length === 1,
    );
    expect(pending.map((row) => row.get('pending'))).toEqual([true]);
    expect(await countTenant(driver, tenantId)).toEqual({ nodes: before.nodes + 1, edges: before.edges });
    const { records } = await driver.executeQuery(
      'MATCH (m:Memory {tenantId: $tenantId}) RETURN sum(coalesce(m.accessCount, 0)) AS n',
      { tenantId: stack.tenants[0]!.id },
      { database: 'neo4j' },
    );
    expect(Number(records[0]?.get('n'))).toBe(0);
  });

  it('rejects bad input before doing anything', async () => {
    const bad: (RecallOptions & { query: string })[] = [
      { query: 'x', topK: 0 },
      { query: 'x', topK: 101 },
      { query: '   ' },
      { query: 'x', spread: { hops: 4 } },
      { query: 'x', spread: { seeds: 0 } },
      { query: 'x', spread: { minActivation: 2 } },
      { query: 'x', weights: { semantic: -1 } },
      { query: 'x', weights: { semantic: 0 } },
      { query: 'x', queryAffect: { valence: 2, arousal: 0.5 } },
    ];
    for (const input of bad) {
      await expect(recall(input)).rejects.toBeInstanceOf(BadInputError);
    }
  });

  it('keeps tenants apart', async () => {
    await expect(other().recall('rex', 'postgres outage')).rejects.toBeInstanceOf(BadInputError);
    await other().createAgent('rex');
    const r = await other().recall('rex', 'postgres outage failover replica');
    expect(r.items).toEqual([]);
  });

  /** The query's vector as the API's hash embedder makes it, read back through a probe memory. */
  async function queryVector(text: string): Promise<number[]> {
    const probe = await other()
      .remember('probe', text)
      .catch(async () => {
        await other().createAgent('probe');
        return other().remember('probe', text);
      });
    const { records } = await driver.executeQuery('MATCH (m:Memory {id: $id}) RETURN m.embedding AS e', { id: probe.id }, { database: 'neo4j' });
    return records[0]?.get('e') as number[];
  }
});
