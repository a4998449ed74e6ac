import { Queue, QueueEvents } from 'bullmq';
import type { Driver } from 'neo4j-driver';
import { eventually, testDriver } from './support/neo4j';
import { uniqueSuffix } from './support/processes';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const SET_AFFECT = `mutation($id: ID!, $affect: AffectInput!) { setAffect(agentId: $id, affect: $affect) { id } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { recallId items { rank memory { id } } } }`;
const SIGNALS = 'semantic lexical recency importance resonance moodCongruence affectProximity goalRelevance priming momentumAlignment frequency emotionalIntensity circadianCongruence sessionContext speaker namedTime episodeLexical';
const AGENT = `query($id: ID!) { agent(id: $id) { energy learnedWeights { queryType weights { ${SIGNALS} } } } }`;
const FEEDBACK = `mutation($input: FeedbackInput!) { feedback(input: $input) { agentId applied queryType weights { ${SIGNALS} } } }`;
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };

interface Recalled {
  recall: { recallId: string; items: { rank: number; memory: { id: string } }[] };
}

describe('recall effects (worker) and feedback', () => {
  let stack: Stack;
  let driver: Driver;
  const prefix = `re_${uniqueSuffix()}`;
  const client = () => stack.tenants[0]!.client;
  const tenantId = () => stack.tenants[0]!.id;
  const recall = async (query: string, extra: Record<string, unknown> = {}) =>
    (await client().ok<Recalled>(RECALL, { input: { agentId: 'eve', query, topK: 4, ...extra } })).recall;

  async function processed(recallId: string): Promise<void> {
    const found = await eventually(
      async () =>
        (await driver.executeQuery('MATCH (e:RecallEffect {tenantId: $t, id: $id}) WHERE e.pendingSince IS NULL RETURN count(e) AS n', { t: tenantId(), id: recallId }, DB)).records[0]?.get(
          'n',
        ),
      (n) => Number(n) === 1,
      20_000,
    );
    expect(Number(found)).toBe(1);
  }

  /** Everything a recall's effects may touch, for before/after comparisons. */
  async function snapshot(): Promise<unknown> {
    const { records } = await driver.executeQuery(
      `MATCH (a:Agent {tenantId: $t, id: 'eve'})
       RETURN a.energy AS energy, a.focusId AS focus, a.focusAt AS focusAt,
         COLLECT { MATCH (m:Memory {tenantId: $t, agentId: 'eve'}) RETURN [m.id, m.accessCount, size(coalesce(m.accessTimes, [])), m.valence, m.arousal, m.predictionRate, toString(m.labileUntil)] ORDER BY m.id } AS memories,
         COLLECT { MATCH (:Memory {tenantId: $t})-[r]->(:Memory {tenantId: $t}) RETURN [type(r), r.weight, r.count, r.coActivations] ORDER BY elementId(r) } AS edges,
         COLLECT { MATCH (a)-[p:PRIMED]->(c:Concept) RETURN [c.name, p.activation] ORDER BY c.name } AS primed,
         COLLECT { MATCH (e:RecallEffect {tenantId: $t}) RETURN e.id ORDER BY e.id } AS effects`,
      { t: tenantId() },
      DB,
    );
    return records[0]?.toObject();
  }

  beforeAll(async () => {
    stack = await startStack({ tenants: 2, worker: true, env: { LIMBIC_QUEUE_PREFIX: prefix } });
    driver = testDriver();
    await client().ok(CREATE_AGENT, { id: 'eve' });
    const texts = [
      'The deploy pipeline failed on the integration tests again.',
      'Integration tests for the deploy pipeline are flaky on Mondays.',
      'We fixed the pipeline by pinning the test database image.',
      'Lunch at the Thai place near the office was excellent.',
      'The quarterly report is due next Friday.',
    ];
    for (const [i, content] of texts.entries()) await client().ok(ENCODE, { input: { agentId: 'eve', content, externalId: `e${i}` } });
    // The slow path revises edge weights after encoding: let it finish so that snapshots
    // compare recall effects only.
    const pending = await eventually(
      async () =>
        Number((await driver.executeQuery("MATCH (m:Memory {tenantId: $t, agentId: 'eve'}) WHERE m.pendingAppraisal RETURN count(m) AS n", { t: tenantId() }, DB)).records[0]?.get('n')),
      (n) => n === 0,
      30_000,
    );
    expect(pending).toBe(0);
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('counts accesses, primes the query’s concepts, spends energy, and is recorded once', async () => {
    const beforeEnergy = Number((await driver.executeQuery("MATCH (a:Agent {tenantId: $t, id: 'eve'}) RETURN a.energy AS e", { t: tenantId() }, DB)).records[0]?.get('e'));
    const primedNow = async () =>
      new Map(
        (
          await driver.executeQuery("MATCH (:Agent {tenantId: $t, id: 'eve'})-[p:PRIMED]->(c:Concept) RETURN c.name AS name, p.activation AS a", { t: tenantId() }, DB)
        ).records.map((x) => [x.get('name') as string, Number(x.get('a'))] as const),
      );
    // The encodes primed their own concepts already (attention residue of what was stored).
    const before = await primedNow();
    const r = await recall('pipeline integration tests');
    await processed(r.recallId);
    const { records } = await driver.executeQuery(
      'UNWIND $ids AS id MATCH (m:Memory {id: id}) RETURN m.accessCount AS n, m.lastAccessedAt IS NOT NULL AS seen, size(m.accessTimes) AS times',
      { ids: r.items.map((i) => i.memory.id) },
      DB,
    );
    for (const row of records) expect([Number(row.get('n')), row.get('seen'), Number(row.get('times'))]).toEqual([1, true, 1]);
    const after = await primedNow();
    // Each query concept gained the bump of 0.5 (capped at 1) on what it had, less seconds of decay.
    for (const name of ['pipeline', 'integration', 'tests']) {
      expect(after.get(name)).toBeGreaterThanOrEqual(Math.min(1, (before.get(name) ?? 0) + 0.5) - 0.01);
    }
    const afterEnergy = Number((await driver.executeQuery("MATCH (a:Agent {tenantId: $t, id: 'eve'}) RETURN a.energy AS e", { t: tenantId() }, DB)).records[0]?.get('e'));
    expect(afterEnergy).toBeLessThan(beforeEnergy + 1e-9);
  });

  it('processing the same job twice changes nothing the second time', async () => {
    const r = await recall('deploy pipeline flaky');
    await processed(r.recallId);
    const before = await snapshot();
    // Replay the recall's own job under another job id (BullMQ would drop the same id).
    const job = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const q = new Queue('recall-effects', { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix });
      q.getJob(`recall-effects-${r.recallId}`)
        .then(async (j) => {
          await q.close();
          if (!j) reject(new Error('job not kept'));
          else resolve(j.data as Record<string, unknown>);
        })
        .catch(reject);
    });
    const queue = new Queue('recall-effects', { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix });
    const events = new QueueEvents('recall-effects', { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix });
    try {
      await events.waitUntilReady();
      const replay = await queue.add('recall-effects', job, { jobId: `replay-${r.recallId}` });
      expect(await replay.waitUntilFinished(events, 20_000)).toBe('skipped');
    } finally {
      await events.close();
      await queue.close();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('strengthens edges among co-recalled results, and links pairs co-recalled repeatedly', async () => {
    const query = 'integration tests deploy pipeline database image';
    // A month ahead the agent is rested: no energy cut changes the result list.
    const now = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    const first = await recall(query, { spread: { enabled: false }, now });
    await processed(first.recallId);
    const top = first.items.map((i) => i.memory.id);
    expect(top).toHaveLength(4);
    for (let i = 0; i < 3; i++) {
      const again = await recall(query, { spread: { enabled: false }, now });
      await processed(again.recallId);
      // The same four each time; their order may shift, since each recall's effects (access
      // times, priming) feed the next one's recency and priming signals.
      expect(again.items.map((x) => x.memory.id).sort()).toEqual([...top].sort());
    }
    // Every pair of the top results now has a resonance edge (pre-existing ones strengthened
    // by Hebbian learning, missing ones created after three co-recalls) and no counter left.
    const { records } = await driver.executeQuery(
      `UNWIND $ids AS a UNWIND $ids AS b WITH a, b WHERE a < b
       MATCH (m:Memory {id: a}), (n:Memory {id: b})
       RETURN a, b,
         COLLECT { MATCH (m)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-(n) RETURN coalesce(r.coActivations, 0) } AS coActivations,
         COUNT { (m)-[:CO_RECALLED]-(n) } AS counters`,
      { ids: top },
      DB,
    );
    expect(records).toHaveLength((top.length * (top.length - 1)) / 2);
    for (const row of records) {
      expect(Number(row.get('counters'))).toBe(0);
      const co = (row.get('coActivations') as number[]).map(Number);
      expect(co.length).toBeGreaterThan(0);
      expect(Math.max(...co)).toBeGreaterThanOrEqual(3);
    }
  });

  it('reconsolidates: a recall reactivates a memory; a surprising recall within its window (edge included) moves its affect, one after it does not', async () => {
    // Beyond every recall before (the latest is 30 days ahead): no window of theirs is open then.
    const t = Date.now() + 60 * 24 * 3600_000;
    const at = (ms: number) => ({ topK: 1, now: new Date(ms).toISOString() });
    const read = async (id: string) =>
      (
        await driver.executeQuery(
          'MATCH (m:Memory {id: $id}) RETURN m.valence AS v, m.labileUntil.epochMillis AS until, coalesce(m.reconsolidationCount, 0) AS n',
          { id },
          DB,
        )
      ).records[0]!.toObject() as { v: number; until: number | null; n: number };
    await client().ok(SET_AFFECT, { id: 'eve', affect: { valence: -0.9, arousal: 0.95, dominance: 0.1 } });
    const r1 = await recall('quarterly report due Friday', at(t));
    await processed(r1.recallId);
    const memory = r1.items[0]!.memory.id;
    const start = await read(memory);
    // The first recall in a while only reactivates: the window runs 300 s from it, nothing moved yet.
    expect(Number(start.until)).toBe(t + 300_000);
    const r2 = await recall('quarterly report due Friday', at(t + 300_000));
    await processed(r2.recallId);
    const moved = await read(memory);
    // At the window's last millisecond, with an APE far above 0.3: rewritten toward the negative affect.
    expect(moved.v).toBeLessThan(start.v);
    expect(Number(moved.n)).toBe(Number(start.n) + 1);
    expect(Number(moved.until)).toBe(t + 600_000);
    const r3 = await recall('quarterly report due Friday', at(t + 600_001));
    await processed(r3.recallId);
    const after = await read(memory);
    // One millisecond after the window the second recall opened: reactivated, not rewritten.
    expect(after.v).toBeCloseTo(moved.v, 12);
    expect(Number(after.n)).toBe(Number(moved.n));
    expect(Number(after.until)).toBe(t + 900_001);
  });

  it('feedback updates the learned weights of the recall’s query type once per recall and memory', async () => {
    type Learned = { queryType: string; weights: Record<string, number> }[];
    const before = await client().ok<{ agent: { learnedWeights: Learned } }>(AGENT, { id: 'eve' });
    expect(before.agent.learnedWeights).toEqual([]);
    const r = await recall('deploy pipeline integration tests');
    await processed(r.recallId);
    const used = await client().ok<{ feedback: { applied: boolean; queryType: string; weights: Record<string, number> } }>(FEEDBACK, {
      input: { recallId: r.recallId, memoryId: r.items[0]!.memory.id, signal: 'USED' },
    });
    expect(used.feedback.applied).toBe(true);
    const after = await client().ok<{ agent: { learnedWeights: Learned } }>(AGENT, { id: 'eve' });
    expect(after.agent.learnedWeights.map((l) => l.queryType)).toEqual([used.feedback.queryType]);
    const learned = after.agent.learnedWeights[0]!.weights;
    expect(learned).toEqual(used.feedback.weights);
    expect(Object.values(learned).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // A signal the used memory did not have (no goals: goal relevance 0) loses share.
    expect(learned.goalRelevance).toBeLessThan(0.01);
    const repeat = await client().ok<{ feedback: { applied: boolean; weights: Record<string, number> } }>(FEEDBACK, {
      input: { recallId: r.recallId, memoryId: r.items[0]!.memory.id, score: -1 },
    });
    expect(repeat.feedback).toEqual({ ...used.feedback, applied: false });
    // A recall of that query type now starts from the learned weights.
    const again = await client().ok<{ recall: { weightSource: string; queryType: string } }>(`query($input: RecallInput!) { recall(input: $input) { weightSource queryType } }`, {
      input: { agentId: 'eve', query: 'deploy pipeline integration tests' },
    });
    expect(again.recall).toEqual({ weightSource: 'learned', queryType: used.feedback.queryType });
  });

  it('rejects feedback that names no recall, a memory the recall did not return, or another tenant’s recall', async () => {
    const r = await recall('lunch Thai place');
    await processed(r.recallId);
    expect(await client().errorCode(FEEDBACK, { input: { recallId: 'no-such-recall', memoryId: 'x', signal: 'USED' } })).toBe('NOT_FOUND');
    expect(await client().errorCode(FEEDBACK, { input: { recallId: r.recallId, memoryId: 'x', signal: 'USED' } })).toBe('BAD_USER_INPUT');
    expect(await client().errorCode(FEEDBACK, { input: { recallId: r.recallId, memoryId: r.items[0]!.memory.id, score: 3 } })).toBe('BAD_USER_INPUT');
    expect(await client().errorCode(FEEDBACK, { input: { recallId: r.recallId, memoryId: r.items[0]!.memory.id } })).toBe('BAD_USER_INPUT');
    expect(await stack.tenants[1]!.client.errorCode(FEEDBACK, { input: { recallId: r.recallId, memoryId: r.items[0]!.memory.id, signal: 'USED' } })).toBe(
      'NOT_FOUND',
    );
  });
});
