import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import type { Driver } from 'neo4j-driver';
import { appraisalToAffect, blendAppraisedAffect, consolidationStrength, lexiconAffect, lexiconAppraisal } from '@limbic/affect';
import { AgentVectorSearch, AppraisalRepository, findCypherDir, Neo4jExecutor, QueryRegistry } from '@limbic/graph';
import { APPRAISAL_QUERIES } from '../libs/graph/src/query-names/appraisal.queries';
import { VECTOR_SEARCH_QUERIES } from '../libs/graph/src/query-names/vector-search.queries';
import { AppraisalService } from '../apps/worker/src/appraisal/appraisal.service';
import { LexiconTextAppraiser } from '../apps/worker/src/appraisal/lexicon-text-appraiser';
import { eventually, testDriver } from './support/neo4j';
import { PrivateRedis } from './support/private-redis';
import { startStack, type Stack } from './support/stack';

/**
 * The slow path against the real Neo4j: the service in process for exact control of
 * ordering (which memory is appraised when), then the built worker on a private Redis.
 * The fast path's own edges are replaced by edges this file writes with the test driver,
 * and goals are written the same way (PURSUES {tenantId, priority} → Goal {embedding}), so
 * the assertions do not depend on how encode links or on setGoals.
 */
const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id, preset: personal }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id pendingAppraisal } }`;
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const MIN = 60_000;

interface Encoded {
  encode: { id: string; pendingAppraisal: boolean };
}

type Props = Record<string, unknown>;

describe('appraisal (slow path)', () => {
  let redis: PrivateRedis;
  let stack: Stack;
  let driver: Driver;
  let service: AppraisalService;
  let tenantId: string;
  let seq = 0;

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    redis = await PrivateRedis.start();
    stack = await startStack({ tenants: 1, worker: false, env: { REDIS_URL: redis.url } });
    tenantId = stack.tenants[0]!.id;
    driver = testDriver();
    // Only the appraisal queries: other features' query files may be mid-edit in this tree.
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), [...APPRAISAL_QUERIES, ...VECTOR_SEARCH_QUERIES]);
    const executor = new Neo4jExecutor(driver, registry, { database: DB.database, txTimeoutMs: 30_000 });
    // These tests set a memory's raw affect through encode's `affect` and check the blend of an
    // inferred affect: trust 0.3 (LIMBIC_GIVEN_AFFECT_TRUST) treats a given affect exactly so.
    // The default (1, kept as given) is checked through the worker in test/state-model.
    service = new AppraisalService(new AppraisalRepository(executor, new AgentVectorSearch()), new LexiconTextAppraiser(), 0.3);
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
    await redis?.stop();
  });

  const client = () => stack.tenants[0]!.client;
  const key = (agentId: string, memoryId: string) => ({ tenantId, agentId, memoryId });

  async function agent(id: string): Promise<string> {
    await client().ok(CREATE_AGENT, { id });
    return id;
  }

  async function encode(agentId: string, content: string, valence: number, occurredAt: number, arousal = 0.4): Promise<string> {
    const r = await client().ok<Encoded>(ENCODE, {
      input: { agentId, content, externalId: `e${++seq}`, occurredAt: new Date(occurredAt).toISOString(), affect: { valence, arousal, dominance: 0.5 } },
    });
    expect(r.encode.pendingAppraisal).toBe(true);
    return r.encode.id;
  }

  async function memory(id: string): Promise<Props> {
    const { records } = await driver.executeQuery('MATCH (m:Memory {id: $id}) RETURN properties(m) AS p', { id }, DB);
    const p = records[0]?.get('p') as Props | undefined;
    if (!p) throw new Error(`memory ${id} not found`);
    delete p.embedding;
    return p;
  }

  async function edgesOf(id: string): Promise<{ type: string; other: string; eid: string; props: Props }[]> {
    const { records } = await driver.executeQuery(
      `MATCH (m:Memory {id: $id})-[r]-(o:Memory)
       RETURN type(r) AS type, o.id AS other, elementId(r) AS eid, properties(r) AS props ORDER BY other, type`,
      { id },
      DB,
    );
    return records.map((r) => ({ type: r.get('type') as string, other: r.get('other') as string, eid: r.get('eid') as string, props: r.get('props') as Props }));
  }

  /** Removes whatever the fast path linked, so each test writes exactly the edges it reasons about. */
  async function unlink(...ids: string[]): Promise<void> {
    await driver.executeQuery('MATCH (m:Memory)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-(:Memory) WHERE m.id IN $ids DELETE r', { ids }, DB);
  }

  async function link(type: 'SEMANTIC' | 'EMOTIONAL' | 'TEMPORAL', from: string, to: string, props: Props): Promise<void> {
    // Test setup only: the type is one of three literals above, never user input.
    await driver.executeQuery(
      `MATCH (a:Memory {id: $from}), (b:Memory {id: $to}) CREATE (a)-[r:${type}]->(b) SET r = $props, r.createdAt = datetime()`,
      { from, to, props: { tenantId, agentId: props.agentId, ...props } },
      DB,
    );
  }

  /** A goal whose embedding is the memory's own (similarity 1), plus a weaker, unrelated one. */
  async function goalsMatching(agentId: string, memoryId: string): Promise<void> {
    await driver.executeQuery(
      `MATCH (a:Agent {tenantId: $tenantId, id: $agentId}), (m:Memory {id: $memoryId})
       CREATE (a)-[:PURSUES {tenantId: $tenantId, priority: 2.0}]->(:Goal {id: randomUUID(), tenantId: $tenantId, agentId: $agentId, name: 'match', embedding: m.embedding})
       CREATE (a)-[:PURSUES {tenantId: $tenantId, priority: 1.0}]->(:Goal {id: randomUUID(), tenantId: $tenantId, agentId: $agentId, name: 'other',
         embedding: [i IN range(1, size(m.embedding)) | CASE WHEN i = 1 THEN 1.0 ELSE 0.0 END]})`,
      { tenantId, agentId, memoryId },
      DB,
    );
  }

  it('appraises the five checks, blends 70/30, recomputes consolidation and starts expectedAffect', async () => {
    const a = await agent('appraise-basic');
    const content = 'Finished the quarterly report a day early and the team was pleased.';
    const id = await encode(a, content, -0.2, T0, 0.6);
    const before = await memory(id);
    expect(await service.appraise(key(a, id), Date.now())).toBe('done');
    const after = await memory(id);

    const appraisal = after.appraisal as number[];
    expect(appraisal).toHaveLength(5);
    // First memory of the agent: nothing to compare with → novelty 1. No goals → the lexicon's checks.
    expect(appraisal).toEqual(Object.values(lexiconAppraisal(content, { novelty: 1 })).map((x) => expect.closeTo(x, 12)));
    const [novelty, goalConduciveness, copingPotential, normCompatibility, selfRelevance] = appraisal as [number, number, number, number, number];
    const raw = { valence: before.valence as number, arousal: before.arousal as number, dominance: before.dominance as number };
    const blended = blendAppraisedAffect(raw, appraisalToAffect({ novelty, goalConduciveness, copingPotential, normCompatibility, selfRelevance }));
    expect(after.valence).toBeCloseTo(blended.valence, 12);
    expect(after.arousal).toBeCloseTo(blended.arousal, 12);
    expect(after.dominance).toBeCloseTo(blended.dominance, 12);
    const moodArousal = (before.moodAtEncoding as number[] | undefined)?.[1] ?? 0.3;
    expect(after.consolidation).toBeCloseTo(consolidationStrength(blended.arousal, moodArousal), 12);
    expect(after.expectedAffect).toEqual(before.expectedAffect ?? [after.valence, after.arousal, after.dominance]);
    expect(after.pendingAppraisal).toBe(false);
    expect(after.appraisalSource).toBe('lexicon');
  });

  it('novelty compares with the agent’s other memories encoded before, and no one else’s', async () => {
    const a = await agent('appraise-novelty');
    const b = await agent('appraise-novelty-other');
    const text = 'The espresso machine on the third floor is broken again.';
    await encode(b, text, 0, T0); // same text, other agent: must not count
    const first = await encode(a, text, 0, T0);
    const repeat = await encode(a, text, 0, T0 + MIN);
    const different = await encode(a, 'Our daughter learned to ride a bicycle in the park.', 0.5, T0 + 2 * MIN);
    // The later copy first: it compares with `first` (cosine 1 → novelty 0) …
    expect(await service.appraise(key(a, repeat), Date.now())).toBe('done');
    expect((await memory(repeat)).appraisal as number[]).toEqual([expect.closeTo(0, 5), expect.anything(), expect.anything(), expect.anything(), expect.anything()]);
    // … while `first` ignores the later copy and the other agent's: novelty 1.
    expect(await service.appraise(key(a, first), Date.now())).toBe('done');
    expect(((await memory(first)).appraisal as number[])[0]).toBeCloseTo(1, 12);
    expect(await service.appraise(key(a, different), Date.now())).toBe('done');
    const n = ((await memory(different)).appraisal as number[])[0]!;
    expect(n).toBeGreaterThan(0.2);
    expect(n).toBeLessThanOrEqual(1);
  });

  it('goal conduciveness and relevance come from the agent’s goals (priority-weighted)', async () => {
    const a = await agent('appraise-goals');
    const neighbour = await agent('appraise-goals-none');
    const content = 'The migration was a terrible disaster, I hate this awful failure.';
    const id = await encode(a, content, 0, T0);
    const other = await encode(neighbour, content, 0, T0);
    await goalsMatching(a, id);
    expect(await service.appraise(key(a, id), Date.now())).toBe('done');
    const checks = (await memory(id)).appraisal as number[];
    // The top-priority goal matches perfectly: relevance 1, conduciveness = tone × 1.
    expect(checks[4]).toBeCloseTo(1, 6);
    expect(checks[1]).toBeCloseTo(lexiconAffect(content).valence, 6);
    // Another agent of the tenant has no goals: its own defaults, not a's goals.
    expect(await service.appraise(key(neighbour, other), Date.now())).toBe('done');
    const none = (await memory(other)).appraisal as number[];
    expect(none[4]).toBeCloseTo(0.5, 12);
    expect(none[1]).toBeCloseTo(0.5 * lexiconAffect(content).valence, 12);
  });

  it('revises emotional and contrastive edges, keeping their properties, and never the chain', async () => {
    const a = await agent('appraise-edges');
    const happy = await encode(a, 'Wonderful news: we won the award, I am thrilled and proud!', 0.95, T0);
    const twin = await encode(a, 'The migration was a terrible disaster, I hate this awful failure.', -0.3, T0 - 3 * 24 * 60 * MIN);
    expect(await service.appraise(key(a, happy), Date.now())).toBe('done');
    expect(await service.appraise(key(a, twin), Date.now())).toBe('done');
    const sad = await encode(a, 'The migration was a terrible disaster, I hate this awful failure.', -0.3, T0 + MIN);
    await goalsMatching(a, twin); // the same words, so the same embedding as sad's: relevance 1
    await unlink(happy, twin, sad);
    // sad → happy: stored SEMANTIC, but a minute apart with opposite feelings.
    await link('SEMANTIC', sad, happy, { agentId: a, weight: 0.5, coActivations: 3 });
    await link('TEMPORAL', sad, happy, { agentId: a, weight: 0.4, chain: true });
    // sad → twin: stored EMOTIONAL, but the same words three days apart read as SEMANTIC.
    await link('EMOTIONAL', sad, twin, { agentId: a, weight: 0.45, coActivations: 1 });
    const chainBefore = (await edgesOf(sad)).find((e) => e.type === 'TEMPORAL');

    expect(await service.appraise(key(a, sad), Date.now())).toBe('done');
    const [h, s] = [await memory(happy), await memory(sad)];
    expect((h.valence as number) - (s.valence as number)).toBeGreaterThan(1); // the scenario holds

    const edges = await edgesOf(sad);
    expect(edges.map((e) => `${e.type}:${e.other === happy ? 'happy' : 'twin'}`).sort()).toEqual(['CONTRASTIVE:happy', 'SEMANTIC:twin', 'TEMPORAL:happy']);
    const contrastive = edges.find((e) => e.type === 'CONTRASTIVE')!;
    expect(contrastive.props).toMatchObject({ tenantId, agentId: a, coActivations: 3 });
    expect(contrastive.props.createdAt).toBeDefined();
    expect(contrastive.props.weight).not.toBe(0.5);
    const semantic = edges.find((e) => e.type === 'SEMANTIC')!;
    expect(semantic.props).toMatchObject({ tenantId, agentId: a, coActivations: 1 });
    // Direction (creation order) is kept.
    const { records } = await driver.executeQuery(
      'MATCH (:Memory {id: $sad})-[r:CONTRASTIVE]->(:Memory {id: $happy}) RETURN count(r) AS n',
      { sad, happy },
      DB,
    );
    expect(Number(records[0]?.get('n'))).toBe(1);
    const chainAfter = edges.find((e) => e.type === 'TEMPORAL');
    expect(chainAfter).toEqual(chainBefore);
  });

  it('a duplicated or retried job changes nothing the second time, even when both run at once', async () => {
    const a = await agent('appraise-idempotent');
    const older = await encode(a, 'Met the new neighbours, they seem kind.', 0.4, T0);
    const id = await encode(a, 'Argued with the landlord about the broken heating.', 0.1, T0 + 5 * MIN);
    await unlink(older, id);
    await link('EMOTIONAL', id, older, { agentId: a, weight: 0.5 });

    const outcomes = await Promise.all([service.appraise(key(a, id), Date.now()), service.appraise(key(a, id), Date.now())]);
    expect(outcomes.sort()).toEqual(['done', 'skipped']);
    const [m, e] = [await memory(id), await edgesOf(id)];
    expect(await service.appraise(key(a, id), Date.now() + 60_000)).toBe('skipped');
    expect(await memory(id)).toEqual(m);
    expect(await edgesOf(id)).toEqual(e);
  });

  it('skips a deleted memory and a deleted agent', async () => {
    const a = await agent('appraise-deleted');
    const gone = await encode(a, 'This memory will be forgotten.', 0, T0);
    await driver.executeQuery('MATCH (m:Memory {id: $id}) DETACH DELETE m', { id: gone }, DB);
    expect(await service.appraise(key(a, gone), Date.now())).toBe('skipped');

    const orphan = await encode(a, 'This agent will be deleted.', 0, T0 + MIN);
    await driver.executeQuery('MATCH (x:Agent {tenantId: $tenantId, id: $a}) DETACH DELETE x', { tenantId, a }, DB);
    expect(await service.appraise(key(a, orphan), Date.now())).toBe('skipped');
    expect((await memory(orphan)).pendingAppraisal).toBe(true);
    expect(await service.appraise({ tenantId: 'no-such-tenant', agentId: a, memoryId: orphan }, Date.now())).toBe('skipped');
  });

  describe('through the worker (private Redis, LLM appraiser on loopback)', () => {
    let llm: Server;
    let calls = 0;
    let queue: Queue;
    let events: QueueEvents;

    beforeAll(async () => {
      llm = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          calls++;
          const content = JSON.stringify({ novelty: 0.1, goalConduciveness: 0.5, copingPotential: 0.9, normCompatibility: 0.2, selfRelevance: 0.7 });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
        });
      });
      await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
      const port = (llm.address() as AddressInfo).port;
      stack.env.LIMBIC_APPRAISER = 'llm';
      stack.env.LIMBIC_LLM_BASE_URL = `http://127.0.0.1:${port}/v1`;
      stack.env.LIMBIC_LLM_MODEL = 'fake-appraiser';
      // Only this file's tenant: the shared database holds other stacks' pending memories too.
      stack.env.LIMBIC_SWEEP_TENANTS = tenantId;
      await stack.startWorker();
      queue = new Queue('appraisal', { connection: { host: '127.0.0.1', port: redis.port }, prefix: stack.env.LIMBIC_QUEUE_PREFIX });
      events = new QueueEvents('appraisal', { connection: { host: '127.0.0.1', port: redis.port }, prefix: stack.env.LIMBIC_QUEUE_PREFIX });
      await events.waitUntilReady();
    });
    afterAll(async () => {
      await queue?.close();
      await events?.close();
      llm?.closeAllConnections();
      await new Promise<void>((r) => llm.close(() => r()));
    });

    it('appraises an encoded memory with the LLM’s checks', async () => {
      const a = await agent('appraise-worker');
      const id = await encode(a, 'Booked the flights for the conference in Lisbon.', 0.1, T0);
      const m = await eventually(() => memory(id), (x) => x.pendingAppraisal === false, 45_000);
      expect(m.pendingAppraisal).toBe(false);
      expect(m.appraisalSource).toBe('llm');
      // Coping, norm and self relevance from the LLM; novelty from the graph (first memory → 1).
      expect(m.appraisal).toEqual([1, 0.5, 0.9, 0.2, 0.7]);
      expect(calls).toBeGreaterThan(0);
    });

    it('a queued job for a memory deleted meanwhile is skipped', async () => {
      const a = await agent('appraise-worker-deleted');
      const id = await encode(a, 'Short-lived.', 0, T0);
      await driver.executeQuery('MATCH (m:Memory {id: $id}) DETACH DELETE m', { id }, DB);
      // The API's job may already have run (and skipped); a fresh id makes the outcome observable.
      const job = await queue.add('appraise', { v: 1, tenantId, agentId: a, memoryId: id }, { jobId: `appraisal-test-${id}` });
      const outcome = await job.waitUntilFinished(events, 30_000).catch(async (err: Error) => {
        throw new Error(`${err.message}; state ${await job.getState()}; counts ${JSON.stringify(await queue.getJobCounts())} exit ${stack.worker?.child.exitCode}; worker output:\n${stack.worker?.output() ?? ''}`);
      });
      expect(outcome).toBe('skipped');
    });
  });
});
