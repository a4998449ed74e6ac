/**
 * @jest-environment ./libs/embeddings/src/testing/native-realm.environment.ts
 */
// AgentVectorSearch on the real Neo4j, in this process: every agent-scoped nearest-neighbour
// path (recall seeds, link candidates, novelty, near-duplicates) returns the agent's own
// brute-force top k among a crowd built to fool an unfiltered search, on the hash embedder and
// the local model; the schema migration from the old unfiltered index; an agent of the crowd's
// size; every query planned as Cypher 25. The memories are written straight through the driver
// into tenants of this file's own. A recall through the API is test/vector-search.e2e-spec.ts.
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { HashEmbedder, LocalEmbedder, type Embedder } from '@limbic/embeddings';
import {
  AGENT_VECTOR_INDEX,
  AgentVectorSearch,
  AppraisalRepository,
  ConsolidationRepository,
  EncodeUnit,
  findCypherDir,
  LEGACY_SLOT_INDEXES,
  MigrationRunner,
  NO_FILTER,
  type Neo4jExecutor,
  QUERY_NAMES,
  QueryRegistry,
  RecallRepository,
  ReembedRepository,
  replaceLegacySlotIndexes,
  ResidentVectors,
  SLOT_INDEX,
} from '@limbic/graph';
import { openGraph, type InProcessGraph } from '../support/graph';
import { uniqueSuffix } from '../support/processes';
import { bruteTop, crowdRow, dot, expectTopK, jitter, loadMemories, localModel, QUERIES, seededTexts, storedMemories, type Stored } from '../support/vector-truth';

// The crowd is 100,000 memories (issue 16's size): 2,000 times the small agent, so that every
// search must be filtered inside the index (an unfiltered one returns the crowd's near copies
// first). Loading it and the migration's HNSW build of it take about two minutes here.
jest.setTimeout(900_000);

const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const DIM = 384;
const CROWD = 100_000;
const CROWD_TEXT = CROWD.toLocaleString('en-US');
const SMALL = 50;
/** The small agent's memories encoded in the first of its two encodes (one encodedAt each). */
const FIRST_ENCODE = 30;

const { dir: modelDir, present: localPresent } = localModel();
const { random, sentence, realSentence } = seededTexts();

describe('AgentVectorSearch: every agent-scoped search is the agent’s own top k', () => {
  const suffix = uniqueSuffix();
  /** The hash half's tenant (small agent 'few', the crowd), the one holding copies of 'few', the local model's. */
  const tenantId = `vs${suffix}`;
  const otherTenantId = `vs${suffix}o`;
  const localTenantId = `vs${suffix}l`;
  const crowdPrefix = `crowd${suffix}`;
  let graph: InProcessGraph;
  let driver: Driver;
  let executor: Neo4jExecutor;
  const hash = new HashEmbedder(DIM);
  let local: Embedder | null = null;
  let crowd: Float32Array;

  const stored = (tenant: string, agentId: string): Promise<Stored[]> => storedMemories(driver, tenant, agentId);

  /**
   * 50 memories as two encodes leave them: the first 30 share one encodedAt, the other 20 a later
   * one (novelty compares within an encode by occurredAt), one a minute apart in occurredAt; 5
   * archived (forgotten), spread over both encodes.
   */
  async function smallAgent(tenant: string, embeddings: readonly number[][]): Promise<void> {
    const t0 = Date.UTC(2026, 0, 1);
    const encodes = [t0 + SMALL * 60_000, t0 + SMALL * 60_000 + 5_000];
    await loadMemories(driver, tenant, 'few', embeddings.length, (i) => ({
      id: `${tenant}-few-${i}`,
      embedding: embeddings[i]!,
      encodedAt: encodes[i < FIRST_ENCODE ? 0 : 1]!,
      occurredAt: t0 + i * 60_000,
      archived: i % 10 === 3,
    }));
  }

  beforeAll(async () => {
    graph = await openGraph([tenantId, otherTenantId, localTenantId], { txTimeoutMs: 120_000 });
    ({ driver, executor } = graph);
    if (localPresent) local = new LocalEmbedder({ modelDir, batchSize: 16 });

    const hashTexts = Array.from({ length: SMALL }, (_, i) => `${sentence(6)} ${realSentence(i)}`);
    await smallAgent(tenantId, await hash.embed(hashTexts));
    const hashOwn = await stored(tenantId, 'few');
    if (local) await smallAgent(localTenantId, await local.embed(hashTexts.map((_, i) => realSentence(i))));
    const localOwn = local ? await stored(localTenantId, 'few') : [];

    // The crowd: one agent of CROWD memories in the same tenant. A third are near copies of the small
    // agents' memories (the neighbours an unfiltered search would return first), the rest
    // unrelated. The other tenant holds exact copies under the same agent id.
    const base = [...hashOwn, ...localOwn].map((r) => r.embedding);
    crowd = new Float32Array(CROWD * DIM);
    for (let i = 0; i < CROWD; i++) {
      const v = i % 3 === 0 ? jitter(random, base[i % base.length]!, 0.02 + (i % 7) * 0.01) : hash.embedOne(sentence(8 + (i % 9)));
      crowd.set(v, i * DIM);
    }
    // The store as the 5.26 build left it, the crowd loaded into it: its unfiltered index, no
    // filtered one, some memories without `archived`. The first test migrates it (schema 009, then
    // 013, which drops 009's index, then the boot's replacement of 013's by the slot index, which
    // drops 013's while it populates: one complete HNSW build of the crowd).
    for (const name of [AGENT_VECTOR_INDEX, ...LEGACY_SLOT_INDEXES.embedding]) await driver.executeQuery(`DROP INDEX ${name} IF EXISTS`, {}, DB);
    await loadMemories(driver, tenantId, 'crowd', CROWD, (i) => crowdRow(crowdPrefix, i, Array.from(crowd.subarray(i * DIM, (i + 1) * DIM))));
    await loadMemories(driver, otherTenantId, 'few', 2 * base.length, (i) => crowdRow(`copy${suffix}`, i, base[i % base.length]!));
    if (local) await loadMemories(driver, localTenantId, 'neighbour', 5000, (i) => crowdRow(`near${suffix}`, i, jitter(random, localOwn[i % localOwn.length]!.embedding, 0.01)));
    await driver.executeQuery(
      "CREATE VECTOR INDEX memory_embedding IF NOT EXISTS FOR (m:Memory) ON m.embedding OPTIONS { indexConfig: { `vector.dimensions`: 384, `vector.similarity_function`: 'cosine' } }",
      {},
      DB,
    );
    await driver.executeQuery('MATCH (m:Memory {tenantId: $tenantId, agentId: "few"}) WHERE m.archived = false REMOVE m.archived', { tenantId }, DB);
  });

  afterAll(async () => {
    await graph?.close();
  });

  const embedders = () => [
    { name: 'hash embedder', embedder: hash as Embedder, tenant: tenantId },
    ...(local ? [{ name: 'local model', embedder: local, tenant: localTenantId }] : []),
  ];

  it('migrates an old vector index (schema 003, no filters) to the slot index online: searches are exact while it populates', async () => {
    // beforeAll left the store as a 5.26 build would have: schemas 009 and 013 not applied yet.
    await driver.executeQuery('MATCH (r:LimbicMigration) WHERE r.id IN $ids DELETE r', { ids: ['schema/009', 'schema/013'] }, DB);

    const started = Date.now();
    const applied = await new MigrationRunner(executor, join(findCypherDir(), 'schema')).run({ embeddingDimension: DIM });
    // What the API and the worker do at boot after the migrations (GraphModule).
    const reembeds = new ReembedRepository(executor, QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES));
    const replaced = await replaceLegacySlotIndexes(reembeds);
    const migratedMs = Date.now() - started;
    expect(applied).toEqual(['009_vector_index_by_agent.cypher', '013_vector_index_filters.cypher']);
    expect(replaced).toContainEqual({ slot: 'embedding', dimension: DIM });

    // Right after the migration the index is still taking the crowd; a fresh process
    // (a new search) answers from the exact scan meanwhile, with the same top k.
    const recalls = new RecallRepository(executor, new AgentVectorSearch());
    const live = (await stored(tenantId, 'few')).filter((r) => !r.archived);
    expect(live).toHaveLength(SMALL - 5); // `archived` written back
    const state = async () => {
      const { records } = await driver.executeQuery('SHOW VECTOR INDEXES YIELD name, state WHERE name = $n RETURN state', { n: AGENT_VECTOR_INDEX }, DB);
      return String(records[0]?.get('state'));
    };
    let duringPopulation = 0;
    for (const [q] of await Promise.all(QUERIES.map((t) => hash.embed([t])))) {
      const populating = (await state()) === 'POPULATING';
      expectTopK((await recalls.read(tenantId, 'few', (reader) => reader.nearest(q!, 30))).hits, bruteTop(live, q!, 30), live, q!);
      if (populating) duringPopulation++;
    }
    console.log(`vector search: migration returned in ${migratedMs} ms; ${duringPopulation} of ${QUERIES.length} searches answered while the index populated`);
    expect(duringPopulation).toBeGreaterThan(0);

    await executor.read('migration.await-index', { name: AGENT_VECTOR_INDEX });
    const { records } = await driver.executeQuery('SHOW VECTOR INDEXES YIELD name, properties, options RETURN name, properties, options', {}, DB);
    const indexes = records.map((r) => {
      const config = (r.get('options') as { indexConfig: Record<string, unknown> }).indexConfig;
      return { name: String(r.get('name')), properties: r.get('properties') as string[], quantization: config['vector.quantization.type'], m: Number(config['vector.hnsw.m']), efConstruction: Number(config['vector.hnsw.ef_construction']) };
    });
    // The re-embedding slot's index belongs to the re-embedding tests, which may have run first.
    expect(indexes.filter((i) => i.name.startsWith('memory_') && i.name !== SLOT_INDEX.embeddingAlt)).toEqual([
      { name: AGENT_VECTOR_INDEX, properties: ['embedding', 'tenantId', 'agentId', 'archived', 'encodedAt', 'scope', 'occurredAt'], quantization: 'NONE', m: 32, efConstruction: 256 },
    ]);
  });

  it('recall seeds (k 30, live memories only) are the brute-force top 30 of the agent’s 45 live memories, on both embedders', async () => {
    const recalls = new RecallRepository(executor, new AgentVectorSearch());
    for (const e of embedders()) {
      const own = await stored(e.tenant, 'few');
      const live = own.filter((r) => !r.archived);
      expect({ embedder: e.name, own: own.length, live: live.length }).toEqual({ embedder: e.name, own: SMALL, live: SMALL - 5 });
      for (const [q] of await Promise.all(QUERIES.map((t) => e.embedder.embed([t])))) {
        const found = (await recalls.read(e.tenant, 'few', (reader) => reader.nearest(q!, 30))).hits;
        expectTopK(found, bruteTop(live, q!, 30), live, q!);
      }
    }
  });

  it('link candidates (several items, k 10) are each item’s brute-force top 10', async () => {
    const vectors = new AgentVectorSearch();
    for (const e of embedders()) {
      const live = (await stored(e.tenant, 'few')).filter((r) => !r.archived);
      const items = (await e.embedder.embed(QUERIES)).map((embedding, i) => ({ key: String(i), embedding }));
      const found = await executor.writeTx('test.neighbours', (tx) => new EncodeUnit(tx, e.tenant, 'few').neighbours(vectors, items, 10));
      for (const item of items) {
        const got = (found.get(item.key) ?? []).map((n) => ({ id: n.id }));
        expectTopK(got, bruteTop(live, item.embedding, 10), live, item.embedding);
      }
    }
  });

  it('novelty compares with every memory the agent had, archived ones included: the exact best earlier cosine', async () => {
    const appraisals = new AppraisalRepository(executor, new AgentVectorSearch());
    const bestWas = { sameEncode: 0, earlierEncode: 0, archived: 0 };
    for (const e of embedders()) {
      const own = await stored(e.tenant, 'few');
      for (const m of own) {
        const earlier = own.filter((o) => o.id !== m.id && (o.encodedAt < m.encodedAt || (o.encodedAt === m.encodedAt && o.occurredAt < m.occurredAt)));
        const got = await appraisals.inTransaction({ tenantId: e.tenant, agentId: 'few', memoryId: m.id }, (unit) => unit.maxSimilarityToEarlier(m.encodedAt));
        if (earlier.length === 0) {
          expect(got).toBeNull();
          continue;
        }
        const best = earlier.reduce((a, b) => (dot(b.embedding, m.embedding) > dot(a.embedding, m.embedding) ? b : a));
        expect(got).toBeCloseTo(dot(best.embedding, m.embedding), 5);
        bestWas[best.encodedAt === m.encodedAt ? 'sameEncode' : 'earlierEncode']++;
        if (best.archived) bestWas.archived++;
      }
    }
    // The best earlier memory came from each source at least once: the same encode
    // (appraisal.novelty-siblings), an earlier one (the index, `before`), an archived memory.
    expect(Object.values(bestWas).every((n) => n > 0)).toBe(true);
  });

  it('near-duplicates of a memory are its agent’s own nearest live memories, never the crowd’s copies', async () => {
    const reviews = new ConsolidationRepository(executor, new AgentVectorSearch());
    for (const e of embedders()) {
      const live = (await stored(e.tenant, 'few')).filter((r) => !r.archived);
      for (const m of live.slice(0, 5)) {
        const got = await reviews.review(e.tenant, m.id, Date.now(), (uow) => uow.nearDuplicates('few', 10, 0));
        const others = live.filter((o) => o.id !== m.id);
        expectTopK(got, bruteTop(others, m.embedding, 10), others, m.embedding);
      }
    }
  });

  /**
   * HNSW is approximate: for an agent of tens of thousands the index finds most, not all, of the
   * exact top k (hash vectors are nearly random, and a third of this agent are dense clusters of
   * near copies: a hard case; bench/vector-accuracy measures model vectors). Every search asks the
   * index for at least SEARCH_CANDIDATES_MIN candidates. With a candidate list of k alone this
   * agent got 844 of 1,000 places of its top 10 (100 probes), its nearest memory in 91–95 of 100
   * probes and once a memory 0.47–0.57 less similar than it (novelty asks for k 1); with the
   * floor of 30, 914–942 of 1,000 and 98–100 of 100, 0.00–0.26 off (of 100: 956 and 96, 0.21 off;
   * the graph's build varies). The bar of 88 % lies between; the nearest is held to ≥ 90 of 100.
   */
  it(`an agent of ${CROWD_TEXT} memories gets more than 88 % of its brute-force top 10 and mostly its nearest memory, nothing of anyone else`, async () => {
    const vectors = new AgentVectorSearch();
    const nearest = async (probe: number[], k: number) =>
      (await executor.readTx('test.big', (tx) => vectors.nearest(tx, { tenantId, agentId: 'crowd' }, [{ key: 'q', embedding: probe }], { k }))).get('q') ?? [];
    const crowdIndex = (h: { id: string }) => Number(h.id.slice(`${crowdPrefix}-`.length));
    const probes = 100;
    let found10 = 0;
    let found1 = 0;
    let worstGap = 0;
    for (let j = 0; j < probes; j++) {
      const source = (j * 7919 + 1) % CROWD;
      const probe = jitter(random, Array.from(crowd.subarray(source * DIM, (source + 1) * DIM)), 0.05);
      // Brute force over the typed array: one dot product per crowd memory and query.
      const scores = new Float64Array(CROWD);
      for (let i = 0; i < CROWD; i++) scores[i] = dot(crowd.subarray(i * DIM, (i + 1) * DIM), probe);
      const sorted = [...scores].sort((a, b) => b - a);
      const [ten, one] = [await nearest(probe, 10), await nearest(probe, 1)];
      for (const [hits, k] of [[ten, 10], [one, 1]] as const) {
        expect({ size: hits.length, own: hits.every((h) => h.id.startsWith(`${crowdPrefix}-`)) }).toEqual({ size: k, own: true });
      }
      found10 += ten.filter((h) => scores[crowdIndex(h)]! >= sorted[9]! - 1e-6).length;
      found1 += scores[crowdIndex(one[0]!)]! >= sorted[0]! - 1e-6 ? 1 : 0;
      worstGap = Math.max(worstGap, sorted[0]! - scores[crowdIndex(one[0]!)]!);
    }
    console.log(
      `vector search: ${CROWD_TEXT}-memory agent, top 10 found ${found10} of ${10 * probes}, nearest in ${found1} of ${probes} probes (ties allowed), at most ${worstGap.toFixed(3)} below the best cosine`,
    );
    expect({ top10: found10 / (10 * probes) > 0.88, nearest: found1 >= 0.9 * probes }).toEqual({ top10: true, nearest: true });
  });

  /**
   * The same agent with its vectors held as int8 codes (resident-vectors): every path is exact.
   * Probes are the crowd's own vectors with noise (k 30 for recall's seeds, 10 for links) and
   * stored memories (novelty: k 1, archived too, only memories encoded before; near-duplicates:
   * k 10, live only), and a recall's seeds filtered to half the agent's time, each checked against
   * brute force over the crowd's vectors.
   */
  it(`with its vectors held, an agent of ${CROWD_TEXT} memories gets exactly its brute-force top k on every path`, async () => {
    await driver.executeQuery('MERGE (:Agent {tenantId: $tenantId, id: "crowd"})', { tenantId }, DB);
    const scope = { tenantId, agentId: 'crowd' };
    const resident = new ResidentVectors(executor, undefined, { minMemories: 1000, budgetBytes: 512 * 2 ** 20 });
    expect(resident.copyOf(scope, 'embedding')).toBeUndefined();
    await resident.settled(scope, 'embedding');
    expect(resident.copyOf(scope, 'embedding')?.ids.length).toBe(CROWD);
    const vectors = new AgentVectorSearch(undefined, undefined, resident);
    const crowdIndex = (h: { id: string }) => Number(h.id.slice(`${crowdPrefix}-`.length));
    const exact = (probe: ArrayLike<number>, allowed: (i: number) => boolean = () => true): Float64Array => {
      const scores = new Float64Array(CROWD);
      for (let i = 0; i < CROWD; i++) scores[i] = allowed(i) ? dot(crowd.subarray(i * DIM, (i + 1) * DIM), probe) : Number.NEGATIVE_INFINITY;
      return scores;
    };
    let places = 0;
    let found = 0;
    const count = (hits: readonly { id: string }[], scores: Float64Array, k: number): void => {
      const kth = [...scores].sort((a, b) => b - a)[k - 1]!;
      expect(hits).toHaveLength(k);
      places += k;
      found += hits.filter((h) => h.id.startsWith(`${crowdPrefix}-`) && scores[crowdIndex(h)]! >= kth - 1e-6).length;
    };
    const before = resident.copyOf(scope, 'embedding')!;
    for (let j = 0; j < 40; j++) {
      const source = (j * 7919 + 3) % CROWD;
      const probe = jitter(random, Array.from(crowd.subarray(source * DIM, (source + 1) * DIM)), 0.05);
      const scores = exact(probe);
      // Recall's seeds and encode's links.
      for (const k of [30, 10]) {
        const hits = (await executor.readTx('test.resident', (tx) => vectors.nearest(tx, scope, [{ key: 'q', embedding: probe }], { k }))).get('q')!;
        count(hits, scores, k);
      }
      // A filtered recall's seeds: half the agent's time (memory i happened at 2025-01-01 + i s).
      const t0 = Date.UTC(2025, 0, 1);
      const [from, to] = [Math.floor(CROWD * 0.2), Math.floor(CROWD * 0.7)];
      const filter = { ...NO_FILTER, after: t0 + from * 1000, before: t0 + to * 1000 };
      const inRange = (await executor.readTx('test.resident', (tx) => vectors.nearest(tx, scope, [{ key: 'f', embedding: probe }], { k: 30, filter }))).get('f')!;
      count(inRange, exact(probe, (i) => i >= from && i < to), 30);
      // Novelty: the memory's best earlier neighbour, archived ones too (none here), by memory id.
      const m = `${crowdPrefix}-${source}`;
      const mine = Array.from(crowd.subarray(source * DIM, (source + 1) * DIM));
      const encodedAt = Date.UTC(2025, 0, 1) + source * 1000;
      const novelty = (await executor.readTx('test.resident', (tx) => vectors.nearest(tx, scope, [{ key: 'n', memoryId: m, before: encodedAt }], { k: 1, withArchived: true }))).get('n')!;
      if (source > 0) count(novelty, exact(mine, (i) => i < source), 1);
      // Near-duplicates: the memory's live neighbours, itself first.
      const twins = (await executor.readTx('test.resident', (tx) => vectors.nearest(tx, scope, [{ key: 't', memoryId: m }], { k: 10 }))).get('t')!;
      count(twins, exact(mine), 10);
      expect(twins[0]!.id).toBe(m);
    }
    console.log(`vector search, held codes: ${CROWD_TEXT}-memory agent, ${found} of ${places} places exact`);
    expect(found).toBe(places);
    // Every answer came from the copy: it was never found stale and loaded afresh.
    expect(resident.copyOf(scope, 'embedding')).toBe(before);
  });

  it('every registered query plans as Cypher 25 without a deprecation', async () => {
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
    const deprecated: string[] = [];
    for (const name of QUERY_NAMES) {
      const text = registry.get(name);
      if (text.includes('SHOW ') || text.includes('CALL db.awaitIndex')) continue; // not plannable with EXPLAIN
      const result = await driver.executeQuery(text.replace(/^CYPHER 25\n/, 'CYPHER 25 EXPLAIN\n'), {}, DB);
      for (const s of result.summary.gqlStatusObjects) if (s.classification === 'DEPRECATION') deprecated.push(`${name}: ${s.statusDescription}`);
    }
    expect(deprecated).toEqual([]);
  });
});
