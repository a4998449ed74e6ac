import type { Driver } from 'neo4j-driver';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { jobId } from '@limbic/jobs';
import { cypher, deleteQueueKeys, drain, startInProcessWorker, type InProcessWorker } from './support/consolidation-harness';
import { eventually, testDriver } from './support/neo4j';
import { uniqueSuffix } from './support/processes';
import { startStack, type Stack } from './support/stack';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Reviews due this close together run in one step of the simulation (a review up to an hour late). */
const STEP_WINDOW = HOUR;

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id, preset: personal }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const RECALL = `query($input: RecallInput!) {
  recall(input: $input) { recallId items { rank score memory { id } explanation { signals { recency } } } }
}`;

const QUERY = 'weekly planning meeting roadmap';
const CALM = { valence: 0, arousal: 0.3, dominance: 0.5 };
const TEXT = {
  neutral: 'Weekly planning meeting: roadmap notes.',
  arousing: 'Weekly planning meeting roadmap: screaming, I was terrified!!!',
  recalled: 'Checklist for the weekly planning meeting.',
  trivial: 'ok thanks',
  twin: 'Bought oat milk and coffee beans at the corner shop.',
} as const;
/** Peers the ranks are taken among: calm notes on the same topic, and a few arousing ones. */
const PEERS: readonly { content: string; affect: typeof CALM }[] = [
  { content: 'Roadmap review notes from the planning session.', affect: CALM },
  { content: 'Minutes of the weekly sync on the product roadmap.', affect: CALM },
  { content: 'Planning document for the next quarter roadmap.', affect: CALM },
  { content: 'Agenda for the weekly team meeting.', affect: CALM },
  { content: 'Notes on planning the office move.', affect: CALM },
  { content: 'Weekly report sent to the team after the meeting.', affect: CALM },
  { content: 'Furious argument in the roadmap meeting, everyone shouting!', affect: { valence: -0.8, arousal: 0.95, dominance: 0.3 } },
  { content: 'Amazing news at the weekly meeting: we won the big contract!!!', affect: { valence: 0.9, arousal: 0.9, dominance: 0.7 } },
  { content: 'Panic during planning: the server crashed right before the demo!', affect: { valence: -0.7, arousal: 0.9, dominance: 0.2 } },
];
const CHECKPOINT_DAYS = [0, 1, 7, 14, 30, 60, 90] as const;
/** What the agent keeps using, every other day: the `recalled` memory and two calm peers ranked below the neutral one at first. */
const USES = [
  { key: 'recalled', everyDays: 2 },
  { key: 'peer1', everyDays: 2 },
  { key: 'peer3', everyDays: 2 },
] as const;

type Ranking = Record<string, { rank: number; score: number; recency: number }>;
type RecallItem = { rank: number; score: number; memory: { id: string }; explanation: { signals: { recency: number } } | null };
interface Edge {
  readonly from: string;
  readonly to: string;
  readonly type: string;
  readonly tenantId: string | null;
}

/**
 * Ninety days of spaced consolidation in a few seconds: the worker module runs in this
 * process with a simulated clock; the API (encode, recall) is the real built process. The
 * simulation runs once (beforeAll); each test reads one behaviour off it.
 */
describe('consolidation: spaced reviews over 90 simulated days', () => {
  const suffix = uniqueSuffix();
  const prefix = `limbic-test-cons-${suffix}`;
  let stack: Stack;
  let driver: Driver;
  let worker: InProcessWorker;
  let tenant: string;
  let redis: Redis;
  let effects: Queue;
  const ids: Record<string, string> = {};
  const t0 = Date.now();
  /** Rankings of the agent's memories for QUERY by the real recall, at each checkpoint. */
  const curve: { day: number; ranks: Ranking }[] = [];
  let twinsBefore: { accessCount: number; accessTimes: number }[] = [];
  let afterMerge: { survivor: Record<string, unknown> | undefined; loser: Record<string, unknown> | undefined; edges: Edge[]; concepts: { name: string; tenantId: string | null }[] } | undefined;

  const client = () => stack.tenants[0]!.client;
  const encode = async (agentId: string, content: string, extra: Record<string, unknown> = {}): Promise<string> =>
    (await client().ok<{ encode: { id: string } }>(ENCODE, { input: { agentId, content, ...extra } })).encode.id;
  const recall = async (input: Record<string, unknown>) =>
    (await client().ok<{ recall: { recallId: string; items: RecallItem[] } }>(RECALL, { input: { agentId: 'ada', ...input } })).recall;
  /** The recall's effects job (accesses, reconsolidation), once the worker has applied it. */
  const effectsApplied = (recallId: string) =>
    eventually(
      async () => (await effects.getJob(jobId.recallEffects(recallId)))?.getState(),
      (s) => s === 'completed',
      20_000,
    );

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, env: { LIMBIC_QUEUE_PREFIX: prefix, LIMBIC_EMBEDDER: 'hash' } });
    driver = testDriver();
    tenant = stack.tenants[0]!.id;
    await client().ok(CREATE_AGENT, { id: 'ada' });
    await client().ok(CREATE_AGENT, { id: 'bob' });
    ids.neutral = await encode('ada', TEXT.neutral, { affect: CALM, importance: 0.5 });
    ids.arousing = await encode('ada', TEXT.arousing, { affect: { valence: -0.9, arousal: 1, dominance: 0.2 }, importance: 0.5 });
    ids.recalled = await encode('ada', TEXT.recalled, { affect: CALM, importance: 0.5 });
    ids.trivial = await encode('ada', TEXT.trivial, { affect: CALM, importance: 0.1 });
    for (const [i, p] of PEERS.entries()) ids[`peer${i}`] = await encode('ada', p.content, { affect: p.affect, importance: 0.5 });
    ids.twinOld = await encode('ada', TEXT.twin, { affect: CALM, importance: 0.4 });
    // The newer twin carries a concept the older lacks: it must move over at the merge.
    ids.twinNew = await encode('ada', TEXT.twin, { affect: CALM, importance: 0.4, tags: ['groceries'] });
    ids.bobTwin = await encode('bob', TEXT.twin, { affect: CALM, importance: 0.4 });

    worker = await startInProcessWorker(
      {
        LIMBIC_QUEUE_PREFIX: prefix,
        LIMBIC_EMBEDDER: 'hash',
        LIMBIC_REVIEW_TENANTS: tenant,
        LIMBIC_REVIEW_HORIZON_MS: '0',
        LIMBIC_REVIEW_SWEEP_INTERVAL_MS: '86400000',
        LIMBIC_PENDING_SWEEP_INTERVAL_MS: '1000',
        // The thresholds are configuration: a little stricter than the default 0.05 so that
        // the trivial memory (appraised to arousal ≈ 0.5) fades out within the 90 days.
        LIMBIC_ARCHIVE_STRENGTH_BELOW: '0.1',
        // The scenario sets each memory's starting affect through encode's `affect` and was
        // built on the appraisal refining it (the trivial one to arousal ≈ 0.5, the arousing
        // peers toned down): trust 0.3 appraises a given affect like an inferred one.
        LIMBIC_GIVEN_AFFECT_TRUST: '0.3',
      },
      t0,
    );
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    effects = new Queue('recall-effects', { connection: redis, prefix });
    // Fixture the API cannot set: resonance edges of known weight, written once the slow path
    // (appraisal, which may retype edges) is done with the memories.
    await eventually(
      async () => (await cypher<{ n: number }>(driver, 'MATCH (m:Memory {tenantId: $tenant}) WHERE m.pendingAppraisal = true RETURN count(m) AS n', { tenant }))[0]?.n,
      (n) => n === 0,
      30_000,
    );
    const edge = (type: string) => `MATCH (a:Memory {id: $a}), (b:Memory {id: $b})
      CREATE (a)-[:${type} {tenantId: a.tenantId, agentId: a.agentId, weight: $w, coActivations: 0,
        createdAt: datetime({epochMillis: toInteger($t)}), strengthenedAt: datetime({epochMillis: toInteger($t)})}]->(b) RETURN count(*) AS n`;
    for (const [type, a, b, w] of [
      ['SEMANTIC', ids.neutral, ids.arousing, 0.06],
      ['SEMANTIC', ids.arousing, ids.recalled, 0.9],
      // The newer twin has one edge out and one in: both must keep their direction at the merge.
      ['SEMANTIC', ids.twinNew, ids.recalled, 0.6],
      ['TEMPORAL', ids.arousing, ids.twinNew, 0.5],
    ] as const) {
      expect((await cypher<{ n: number }>(driver, edge(type), { a, b, w, t: t0 - HOUR }))[0]?.n).toBe(1);
    }
    // Both twins get used once, through the API: the merge must add up their accesses.
    const used = await recall({ query: TEXT.twin, topK: 2, now: new Date(t0 + 10 * 60_000).toISOString() });
    expect(used.items.map((i) => i.memory.id).sort()).toEqual([ids.twinOld, ids.twinNew].sort());
    await effectsApplied(used.recallId);
    twinsBefore = await cypher(driver, 'MATCH (m:Memory) WHERE m.id IN $ids RETURN m.accessCount AS accessCount, size(m.accessTimes) AS accessTimes', {
      ids: [ids.twinOld, ids.twinNew],
    });

    await simulate();
  }, 300_000);

  afterAll(async () => {
    await worker?.close();
    await effects?.close();
    redis?.disconnect();
    await stack?.stop();
    await driver?.close();
    await deleteQueueKeys(prefix);
  });

  /**
   * Moves the clock from review to review (and to each checkpoint and use) for 90 days. The
   * agent keeps using a few memories (USES): a recall through the API returns the one used
   * alone, and the recall-effects worker records the access. At each checkpoint the real
   * recall ranks the agent's memories for QUERY, as of that day.
   */
  async function simulate(): Promise<void> {
    const end = t0 + 90 * DAY;
    const checkpoints = CHECKPOINT_DAYS.map((d) => t0 + d * DAY);
    const next = new Map<string, number>(USES.map((u) => [u.key, t0 + u.everyDays * DAY]));
    let steps = 0;
    for (;;) {
      const due = await cypher<{ first: number | null; all: number[] }>(
        driver,
        `MATCH (m:Memory {tenantId: $tenant}) WHERE m.archived = false AND m.nextReviewAt IS NOT NULL
         WITH m.nextReviewAt.epochMillis AS at ORDER BY at RETURN min(at) AS first, collect(at) AS all`,
        { tenant },
      );
      const first = due[0]?.first ?? Infinity;
      // The latest review due within the window of the first: they all run in this step.
      const batch = Math.max(first, ...(due[0]?.all ?? []).filter((at) => at <= first + STEP_WINDOW));
      const nextCheckpoint = checkpoints[0] ?? Infinity;
      const t = Math.min(batch, nextCheckpoint, ...next.values(), end + 1);
      if (t > end) break;
      worker.clock.set(Math.max(t, worker.clock.now()));
      await worker.sweep.sweepOnce();
      await drain(worker, driver, tenant);
      for (const u of USES) {
        if (next.get(u.key) !== t) continue;
        await use(u.key, t);
        next.set(u.key, t + u.everyDays * DAY);
      }
      if (t === nextCheckpoint) {
        checkpoints.shift();
        const day = Math.round((t - t0) / DAY);
        curve.push({ day, ranks: await observe(t) });
        if (day === 1) afterMerge = await mergeSnapshot();
      }
      steps++;
      expect(steps).toBeLessThan(400);
    }
  }

  /** One use of a memory: a recall (plain vector search for its own text) that returns it alone. */
  async function use(key: string, at: number): Promise<void> {
    const content = key === 'recalled' ? TEXT.recalled : PEERS[Number(key.slice('peer'.length))]!.content;
    const r = await recall({ query: content, topK: 1, profile: 'semantic', spread: { enabled: false }, now: new Date(at).toISOString() });
    expect(r.items.map((i) => i.memory.id)).toEqual([ids[key]]);
    await effectsApplied(r.recallId);
  }

  /**
   * The real recall as of `at`, over all the agent's memories. An observation must not be a
   * use: the recall's effects job (which would record an access on every returned memory)
   * is removed before the worker can take it.
   */
  async function observe(at: number): Promise<Ranking> {
    await effects.pause();
    try {
      const r = await recall({ query: QUERY, topK: 50, profile: 'salience', spread: { enabled: false }, explain: true, now: new Date(at).toISOString() });
      const job = await eventually(
        () => effects.getJob(jobId.recallEffects(r.recallId)),
        (j) => j !== undefined,
        10_000,
      );
      if (!job) throw new Error(`the effects job of observation ${r.recallId} never arrived`);
      // The recall's pending record goes first (the sweep re-adds the effects of any pending
      // record: that is what makes them survive a lost job), then every job of it still queued.
      await cypher(driver, 'MATCH (e:RecallEffect {tenantId: $tenant, id: $id}) DELETE e', { tenant, id: r.recallId });
      for (const queued of await effects.getJobs(['waiting', 'delayed', 'prioritized'])) {
        if ((queued?.data as { recallId?: string } | undefined)?.recallId === r.recallId) await queued.remove();
      }
      return Object.fromEntries(r.items.map((i) => [i.memory.id, { rank: i.rank, score: i.score, recency: i.explanation?.signals.recency ?? NaN }]));
    } finally {
      await effects.resume();
    }
  }

  async function mergeSnapshot() {
    const props = 'm {.accessCount, .tags, .mergedIds, .mergedContents, accessTimes: size(m.accessTimes)}';
    const [survivor] = await cypher<{ m: Record<string, unknown> }>(driver, `MATCH (m:Memory {id: $id}) RETURN ${props} AS m`, { id: ids.twinOld });
    const [loser] = await cypher<{ m: Record<string, unknown> }>(driver, `MATCH (m:Memory {id: $id}) RETURN ${props} AS m`, { id: ids.twinNew });
    const edges = await cypher<Edge>(
      driver,
      `MATCH (a:Memory)-[r]->(b:Memory) WHERE $id IN [a.id, b.id] AND type(r) IN ['SEMANTIC', 'TEMPORAL']
       RETURN a.id AS from, b.id AS to, type(r) AS type, r.tenantId AS tenantId`,
      { id: ids.twinOld },
    );
    const concepts = await cypher<{ name: string; tenantId: string | null }>(
      driver,
      'MATCH (:Memory {id: $id})-[t:TAGGED]->(c:Concept) RETURN c.name AS name, t.tenantId AS tenantId',
      { id: ids.twinOld },
    );
    return { survivor: survivor?.m, loser: loser?.m, edges, concepts };
  }

  async function memory(id: string): Promise<Record<string, unknown> | undefined> {
    const rows = await cypher<{ m: Record<string, unknown> }>(driver, 'MATCH (m:Memory {id: $id}) RETURN m {.*, embedding: null, nextReviewAt: m.nextReviewAt.epochMillis} AS m', { id });
    return rows[0]?.m;
  }

  const rankOf = (key: string) => curve.map((c) => c.ranks[ids[key]!]?.rank ?? Infinity);
  const scoreOf = (key: string) => curve.map((c) => c.ranks[ids[key]!]?.score ?? 0);
  const recencyOf = (key: string) => curve.map((c) => c.ranks[ids[key]!]?.recency ?? NaN);
  /** Rank among the memories nobody used: the used ones that outrank it do not count. */
  const rankAmongUntouched = (key: string) =>
    curve.map((c) => {
      const own = c.ranks[ids[key]!]?.rank ?? Infinity;
      return own - USES.filter((u) => (c.ranks[ids[u.key]!]?.rank ?? Infinity) < own).length;
    });

  it('forgetting curve through the real recall: an untouched neutral memory sinks among its peers; an arousing and an often-recalled one hold', () => {
    console.log(
      `forgetting curve, ${Object.keys(curve[0]?.ranks ?? {}).length} memories (day: rank neutral / arousing / recalled; score; recency)\n` +
        curve
          .map((c, i) => {
            const show = (f: (k: string) => number[], d: number) => ['neutral', 'arousing', 'recalled'].map((k) => f(k)[i]?.toFixed(d)).join(' / ');
            return `  day ${c.day}: ${show(rankOf, 0)}; ${show(scoreOf, 3)}; ${show(recencyOf, 3)}`;
          })
          .join('\n') +
        `\nall ranks (${Object.keys(ids).join(', ')}):\n` +
        curve.map((c) => `  day ${c.day}: ${Object.keys(ids).map((k) => c.ranks[ids[k]!]?.rank ?? '-').join(' ')}`).join('\n'),
    );
    expect(curve.map((c) => c.day)).toEqual([...CHECKPOINT_DAYS]);
    // Every memory but the archived trivial one and the merged twin is ranked at every checkpoint.
    expect(Object.keys(curve.at(-1)!.ranks).length).toBeGreaterThanOrEqual(PEERS.length + 4);

    // The neutral memory nobody touches: its score falls at every checkpoint, its recency
    // fades toward nothing, and the memories in use climb past it.
    const neutral = rankOf('neutral');
    for (let i = 1; i < neutral.length; i++) expect(neutral[i]).toBeGreaterThanOrEqual(neutral[i - 1]!);
    expect(neutral.at(-1)).toBeGreaterThanOrEqual(neutral[0]! + USES.length);
    const neutralScore = scoreOf('neutral');
    for (let i = 1; i < neutralScore.length; i++) expect(neutralScore[i]).toBeLessThan(neutralScore[i - 1]!);
    expect(recencyOf('neutral').at(-1)).toBeLessThan(0.1);

    // The arousing memory holds: its recency fades more slowly than the neutral one's, it
    // never loses its place among the untouched memories, and it stays above the neutral one.
    recencyOf('arousing').forEach((r, i) => expect(r).toBeGreaterThan(recencyOf('neutral')[i]!));
    const arousing = rankAmongUntouched('arousing');
    for (const r of arousing) expect(r).toBeLessThanOrEqual(arousing[0]!);
    rankOf('arousing').forEach((r, i) => expect(r).toBeLessThan(neutral[i]!));

    // The one recalled every other day holds too: its score ends above where it started and
    // its rank above where it started, and above the neutral memory's.
    const recalled = rankOf('recalled');
    for (const r of recalled) expect(r).toBeLessThanOrEqual(recalled[0]!);
    expect(recalled.at(-1)).toBeLessThan(neutral.at(-1)!);
    expect(scoreOf('recalled').at(-1)).toBeGreaterThan(scoreOf('recalled')[0]!);
  });

  it('a neutral memory untouched for a month is still recalled among its peers, lower ranked and scored than at day 0', () => {
    const day0 = curve.find((c) => c.day === 0)!.ranks[ids.neutral!]!;
    for (const day of [30, 60]) {
      const later = curve.find((c) => c.day === day)!.ranks[ids.neutral!];
      // Returned in an ordinary top-10 among the agent's dozen and more memories on the topic.
      expect(later).toBeDefined();
      expect(later!.rank).toBeLessThanOrEqual(10);
      expect(later!.rank).toBeGreaterThan(day0.rank);
      expect(later!.score).toBeLessThan(day0.score);
    }
  });

  it('reviews at about 1 h, 1 d, 7 d, 30 d, stretched by stability; arousing memories stabilise faster', async () => {
    const n = await memory(ids.neutral!);
    const a = await memory(ids.arousing!);
    // 1 h, then 1 d × s₁, 7 d × s₂ (≈ 2.5 weeks in all); the fourth, 30 d × s₃, lies beyond day 90.
    expect(n?.reviewCount).toBe(3);
    expect(n?.archived).toBe(false);
    const lastReview = await cypher<{ at: number }>(driver, 'MATCH (m:Memory {id: $id}) RETURN m.lastReviewedAt.epochMillis AS at', { id: ids.neutral });
    expect(Number(n?.nextReviewAt) - lastReview[0]!.at).toBeCloseTo(30 * DAY * Number(n?.stability), -3);
    expect(Number(a?.stability)).toBeGreaterThan(Number(n?.stability));
    expect(Number(n?.stability)).toBeGreaterThan(1);
  });

  it('archives — never deletes — a faded, unimportant memory: no further review, and no recall returns it', async () => {
    const trivial = await memory(ids.trivial!);
    expect(trivial?.archived).toBe(true);
    expect(trivial?.archivedAt).toBeDefined();
    expect(trivial?.nextReviewAt).toBeNull();
    const late = await recall({ query: TEXT.trivial, topK: 10 });
    expect(late.items.map((i) => i.memory.id)).not.toContain(ids.trivial);
  });

  it('merges twins of one agent into the older: accesses summed, concepts and edges inherited with their direction', async () => {
    // Premise: each twin had been used once (through the API) before the merge.
    expect(twinsBefore).toEqual([
      { accessCount: 1, accessTimes: 1 },
      { accessCount: 1, accessTimes: 1 },
    ]);
    expect(afterMerge?.loser).toBeUndefined();
    expect(afterMerge?.survivor).toMatchObject({ accessCount: 2, accessTimes: 2, mergedIds: [ids.twinNew], mergedContents: [TEXT.twin] });
    expect(afterMerge?.survivor?.tags).toContain('groceries');
    // The newer twin's concept moved over, tagged with the tenant (recall reads only those).
    expect(afterMerge?.concepts).toContainEqual({ name: 'groceries', tenantId: tenant });
    expect(afterMerge?.concepts.every((c) => c.tenantId === tenant)).toBe(true);
    // Its edge out stays out, its edge in stays in: direction records creation order.
    expect(afterMerge?.edges).toEqual(
      expect.arrayContaining([
        { from: ids.twinOld, to: ids.recalled, type: 'SEMANTIC', tenantId: tenant },
        { from: ids.arousing, to: ids.twinOld, type: 'TEMPORAL', tenantId: tenant },
      ]),
    );
    expect(afterMerge?.edges.find((e) => e.type === 'TEMPORAL' && e.from === ids.twinOld)).toBeUndefined();
    // The other agent's twin untouched; no edge crosses agents or tenants.
    expect(await memory(ids.bobTwin!)).toBeDefined();
    const crossAgent = await cypher<{ n: number }>(
      driver,
      `MATCH (x:Memory {tenantId: $tenant})-[r]-(y:Memory) WHERE x.agentId <> y.agentId OR y.tenantId <> x.tenantId RETURN count(r) AS n`,
      { tenant },
    );
    expect(crossAgent[0]?.n).toBe(0);
  });

  it('prunes the weak unused edge, decays the strong one, and amplifies the importance of the often-recalled memory', async () => {
    const edges = await cypher<{ a: string; b: string; w: number }>(
      driver,
      `MATCH (x:Memory {tenantId: $tenant})-[r:SEMANTIC]->(y:Memory) RETURN x.id AS a, y.id AS b, r.weight AS w`,
      { tenant },
    );
    expect(edges.find((e) => e.a === ids.neutral && e.b === ids.arousing)).toBeUndefined();
    const strong = edges.find((e) => e.a === ids.arousing && e.b === ids.recalled);
    expect(strong?.w).toBeLessThan(0.9);
    expect(strong?.w).toBeGreaterThan(0.05);
    expect(Number((await memory(ids.recalled!))?.importance)).toBeGreaterThan(0.5);
  });
});
