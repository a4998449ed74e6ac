// An agent's share of the shared fulltext index must not starve it: an agent with 50 memories
// among 50,000 of other agents still gets all its own matches (the vector side of the same
// guarantee is test/integration/vector-search.int-spec.ts). The other agents are background only, so they
// are bulk-loaded through the driver (same vocabulary, so they crowd the index's top hits); the
// agent itself is encoded through the API.
import type { Driver } from 'neo4j-driver';
import { HashEmbedder } from '@limbic/embeddings';
import { testDriver } from './support/neo4j';
import { sharedStack, type SharedStack } from './support/shared-stack';
import { rng } from '../bench/common/rng';
import { scopeToAgent, toLuceneQuery } from '../apps/api/src/recall/utils/lucene-query';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const VOCABULARY = Array.from({ length: 400 }, (_, i) => `term${i.toString(36)}`);

describe('recall seeds: a small agent in a large shared fulltext index', () => {
  let stack: SharedStack;
  let driver: Driver;
  const random = rng(7);
  const text = (n: number) => Array.from({ length: n }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ');
  const embedder = new HashEmbedder(384);

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1, embedder: 'hash' });
    driver = testDriver();
    const tenantId = stack.tenants[0]!.id;
    for (let batch = 0; batch < 25; batch++) {
      const rows = Array.from({ length: 2000 }, (_, i) => {
        const content = text(6);
        return { id: `${tenantId}-noise-${batch}-${i}`, agentId: `crowd-${i % 50}`, content, embedding: embedder.embedOne(content) };
      });
      await driver.executeQuery(
        `UNWIND $rows AS r
         CREATE (:Memory {id: r.id, tenantId: $tenantId, agentId: r.agentId, content: r.content, embedding: r.embedding,
           occurredAt: datetime(), encodedAt: datetime(), valence: 0.0, arousal: 0.3, dominance: 0.5, importance: 0.5,
           tags: [], accessCount: 0, pendingAppraisal: false, archived: false})`,
        { rows, tenantId },
        DB,
      );
    }
    await stack.tenants[0]!.client.ok(CREATE_AGENT, { id: 'small' });
    for (let i = 0; i < 50; i++) await stack.tenants[0]!.client.ok(ENCODE, { input: { agentId: 'small', content: text(6) } });
    await driver.executeQuery('CALL db.awaitIndexes(300)', {}, DB);
  }, 600_000);

  afterAll(async () => {
    const session = driver.session(DB);
    try {
      await session.run('MATCH (n {tenantId: $tenantId}) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS', { tenantId: stack.tenants[0]!.id });
    } finally {
      await session.close();
    }
    await stack?.stop();
    await driver?.close();
  });

  it('asks the fulltext index for the agent’s own memories only, and gets all of them', async () => {
    const tenantId = stack.tenants[0]!.id;
    for (let q = 0; q < 6; q++) {
      const words = toLuceneQuery(text(3))!;
      const scoped = await driver.executeQuery(
        `CALL db.index.fulltext.queryNodes('memory_content', $query, {limit: 120}) YIELD node
         RETURN node.tenantId = $tenantId AND node.agentId = 'small' AS own, node.id AS id`,
        { query: scopeToAgent(words, tenantId, 'small'), tenantId },
        DB,
      );
      // Unscoped, the agent's matches are a handful among thousands of the crowd's.
      const all = await driver.executeQuery(
        `CALL db.index.fulltext.queryNodes('memory_content', $query, {limit: 100000}) YIELD node
         WITH node WHERE node.tenantId = $tenantId AND node.agentId = 'small' RETURN node.id AS id`,
        { query: `content:(${words})`, tenantId },
        DB,
      );
      expect(scoped.records.every((r) => r.get('own') === true)).toBe(true);
      expect(scoped.records.map((r) => r.get('id') as string).sort()).toEqual(all.records.map((r) => r.get('id') as string).sort());
    }
  });
});
