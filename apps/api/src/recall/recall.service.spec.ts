import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import { HashEmbedder } from '@limbic/embeddings';
import { AgentVectorSearch, NO_FILTER, RecallRepository, type QueryName } from '@limbic/graph';
import type { RecallEffectsJobV1 } from '@limbic/jobs';
import { MEMORY_ROW } from '../../../../libs/graph/src/memory-row';
import { RecordingExecutor } from '../../../../libs/graph/src/testing/recording-executor';
import type { RecallInput } from './dto/recall.types';
import { RecallService } from './recall.service';
import type { RecallEffectsDispatcher } from './services/recall-effects-dispatcher.service';
import { SeedPoolService } from './services/seed-pool.service';
import { SpreadGraphCache } from './services/spread-graph-cache.service';
import { agentLuceneQuery } from './utils/lucene-query';

const TENANT = 'tenant-a';
const AGENT = 'ada';
const NOW = Date.UTC(2026, 11, 1, 12);
const HOUR = 3_600_000;

/** A memory as recall's queries project it: the MEMORY_ROW columns, in order. */
function memoryRow(id: string, content: string, occurredAt: number): unknown[] {
  const fields: Record<string, unknown> = {
    id,
    tenantId: TENANT,
    agentId: AGENT,
    content,
    occurredAt,
    encodedAt: occurredAt,
    valence: -0.5,
    arousal: 0.6,
    dominance: 0.5,
    importance: 0.5,
    tags: [],
    accessCount: 0,
    pendingAppraisal: false,
    archived: false,
    consolidation: 0.8,
    embeddingModel: 'hash-64',
    affectGiven: false,
  };
  return MEMORY_ROW.map((column) => fields[column] ?? null);
}

const agent = { id: AGENT, tenantId: TENANT, preset: 'agent', createdAt: NOW - 48 * HOUR, affect: [0, 0.3, 0.5], mood: [0, 0.3, 0.5], momentum: [0, 0, 0], energy: 1, timeZone: 'UTC' };
const seed = (id: string, score: number, content: string, hoursAgo: number) => ({
  id,
  score,
  valence: -0.5,
  arousal: 0.6,
  dominance: 0.5,
  occurredAt: NOW - hoursAgo * HOUR,
  encodedAt: NOW - hoursAgo * HOUR,
  row: memoryRow(id, content, NOW - hoursAgo * HOUR),
  goalScores: [],
  concepts: [],
});

/**
 * A database with the agent and two memories near the query, one more reached only by
 * spreading from the first (a resonance edge), no goals, primed concepts or term statistics.
 */
function agentWithMemories(prelude: Record<string, unknown> = {}): RecordingExecutor {
  return new RecordingExecutor()
    .answer('recall.prelude', [{ agent, incarnation: 'token-1', goals: [], primed: [], candidates: [], textScanned: 0, textFound: [], lexicon: [], ...prelude }])
    .answer('vector.index-state', [{ state: 'ONLINE', populationPercent: 100 }])
    .answer('vector.agent-nearest', [{ key: 'q', hits: [seed('m1', 0.95, 'postgres primary outage', 24), seed('m2', 0.8, 'the database went down', 30)] }])
    .answer('spread.activate', [
      {
        id: 'm3',
        activation: 0.4,
        seedId: 'm1',
        path: ['m1', 'm3'],
        edgeTypes: ['TEMPORAL'],
        memory: memoryRow('m3', 'the team stayed late', NOW - 24 * HOUR + 60_000),
        score: 0.5,
        goalScores: [],
        concepts: [],
      },
    ]);
}

/** Queries that address no tenant's data: the vector index's state is one per database. */
const TENANTLESS: ReadonlySet<QueryName> = new Set(['vector.index-state']);

/** `held`: the API may hold agents' spreading graphs (SpreadGraphCache); off, every recall spreads in Cypher. */
function serviceOn(db: RecordingExecutor, held = false) {
  const dispatched: Omit<RecallEffectsJobV1, 'v'>[] = [];
  const effects: Pick<RecallEffectsDispatcher, 'dispatchInBackground'> = {
    dispatchInBackground: (payload) => {
      dispatched.push(payload);
      return Promise.resolve();
    },
  };
  const embedder = new HashEmbedder(64);
  const vectors = new AgentVectorSearch(undefined, embedder);
  const repository = new RecallRepository(db.asExecutor(), vectors);
  const graphs = new SpreadGraphCache(loadConfig(held ? {} : { LIMBIC_SPREAD_CACHE_EDGES: '0' }), repository);
  const recalls = new RecallService(loadConfig({}), embedder, repository, new SeedPoolService(), effects as RecallEffectsDispatcher, graphs);
  return { recalls, dispatched, graphs };
}

const input: RecallInput = { agentId: AGENT, query: 'postgres outage last week', topK: 5, now: new Date(NOW) };

describe('RecallService (recorded queries)', () => {
  beforeAll(() => Logger.overrideLogger(['error']));

  it('reads in one read unit: the prelude and the vector seeds together, then spreading from the pool', async () => {
    const db = agentWithMemories();
    await serviceOn(db).recalls.recall(TENANT, input);
    expect(db.names()).toEqual(['recall.prelude', 'vector.index-state', 'vector.agent-nearest', 'spread.activate']);
    expect(db.queries.every((q) => q.unit === 'recall' && q.mode === 'READ')).toBe(true);
    // Pool: three candidates per wanted result, at least 30; the first fulltext scan asks four per pooled one, at least 100.
    expect(db.paramsOf('recall.prelude')[0]).toMatchObject({
      tenantId: TENANT,
      agentId: AGENT,
      filter: NO_FILTER,
      text: agentLuceneQuery(input.query, TENANT, AGENT),
      limit: 30,
      textFetch: 120,
    });
    expect(db.paramsOf('vector.agent-nearest')[0]).toMatchObject({ tenantId: TENANT, agentId: AGENT, k: 30, recallRows: true });
  });

  it('spreads from the pool, joins what it reaches to pass 2, and answers it with its path', async () => {
    const db = agentWithMemories();
    const outcome = await serviceOn(db).recalls.recall(TENANT, input);
    const [spread] = db.paramsOf('spread.activate');
    expect(spread).toMatchObject({ tenantId: TENANT, agentId: AGENT, filter: NO_FILTER, poolIds: ['m1', 'm2'], maxJoined: 20 });
    expect((spread?.seeds as { id: string }[]).map((s) => s.id)).toEqual(expect.arrayContaining(['m1']));
    expect(outcome.items.map((i) => i.memory.id).sort()).toEqual(['m1', 'm2', 'm3']);
    const joined = outcome.items.find((i) => i.memory.id === 'm3');
    expect(joined?.activation).toMatchObject({ seedId: 'm1', path: ['m1', 'm3'] });
    expect(outcome.items[0]?.memory.id).toBe('m1');
  });

  it('spreads in-process over the agent graph it holds at the revision the recall read', async () => {
    const db = agentWithMemories()
      .answer('spread.graph-rev', [{ graphRev: 7, effectsRev: 2, incarnation: 'token-1' }])
      .answer('spread.agent-graph', [{ from: ['m1', 'm2'], to: ['m3', 'm1'], types: ['TEMPORAL', 'SEMANTIC'], weights: [0.8, 0.1] }])
      .answer('recall.candidates', [{ memory: memoryRow('m3', 'the team stayed late', NOW - 24 * HOUR + 60_000), score: 0.5, goalScores: [], concepts: [] }]);
    // After the first recall, the agent as the prelude reads it: graph revisions as set here.
    let revs = { graphRev: 7, effectsRev: 2 };
    db.answer('recall.prelude', () => [{ agent: { ...agent, ...revs }, incarnation: 'token-1', goals: [], primed: [], candidates: [], textScanned: 0, textFound: [], lexicon: [] }]);
    const { recalls, graphs } = serviceOn(db, true);
    const byCypher = await recalls.recall(TENANT, input);
    // Not held yet: this recall spread in Cypher and started a load in the background.
    expect(db.names()).toContain('spread.activate');
    await graphs.load(TENANT, AGENT);

    // Revisions equal to the held graph's: spread in-process, only the joining memory's row read.
    db.queries.length = 0;
    const inProcess = await recalls.recall(TENANT, input);
    expect(db.names()).toEqual(['recall.prelude', 'vector.agent-nearest', 'recall.candidates']);
    // Only the memory outside the pool is read: the pool's come with the first read.
    expect(db.paramsOf('recall.candidates')[0]).toMatchObject({ tenantId: TENANT, agentId: AGENT, ids: ['m3'] });
    // The scripted spread.activate answered m3 alone; the walk over the held graph finds m3 the same way.
    expect(inProcess.items.map((i) => i.memory.id).sort()).toEqual(byCypher.items.map((i) => i.memory.id).sort());
    expect(inProcess.items.find((i) => i.memory.id === 'm3')?.activation).toMatchObject({ seedId: 'm1', path: ['m1', 'm3'], edgeTypes: ['TEMPORAL'] });

    // A write raised the graph revision: the held graph is not used until a reload catches up.
    revs = { graphRev: 8, effectsRev: 2 };
    db.queries.length = 0;
    await recalls.recall(TENANT, input);
    expect(db.names()).toContain('spread.activate');
  });

  it('credits a memory with the words of the fulltext hits in its episode, a hit beyond the pool included, and asks for twice the pool of them', async () => {
    // The agent keeps term statistics; the hit beyond the pool ("the postgres outage paged
    // everyone") has m3 (joined by spreading) in its episode; nothing lends to m2.
    const db = agentWithMemories({
      agent: { ...agent, lexDocs: 40, lexTerms: 200 },
      textScanned: 1,
      lexicon: [
        { term: 'postgr', df: 2 },
        { term: 'outag', df: 2 },
      ],
      moreHits: [['m9', 'the postgres outage paged everyone', ['m3']]],
    });
    const outcome = await serviceOn(db).recalls.recall(TENANT, { ...input, explain: true });
    expect(db.paramsOf('recall.prelude')[0]).toMatchObject({ limit: 30, lenders: 60 });
    const episodeOf = (id: string) => outcome.items.find((i) => i.memory.id === id)?.ranked.explanation.signals.episodeLexical;
    // m3 ("the team stayed late") has no query word of its own: all of its score is lent.
    expect(outcome.items.find((i) => i.memory.id === 'm3')?.ranked.explanation.signals.lexical).toBe(0);
    expect(episodeOf('m3')).toBeGreaterThan(0);
    expect(episodeOf('m2')).toBe(0);
    // m1 holds both words itself; the signal is relative to the best episode among the candidates.
    expect(episodeOf('m1')).toBeGreaterThan(0.9);
    expect(Math.max(...outcome.items.map((i) => i.ranked.explanation.signals.episodeLexical))).toBe(1);
  });

  it('walks the hits’ episodes over a graph it holds at the recall’s revision, reads them when its copy is at another', async () => {
    // The held chain: m9 — m3 (a minute apart); the hit m9 lends its words to m3.
    const revs = { graphRev: 7, effectsRev: 2 };
    const prelude = () => [
      {
        agent: { ...agent, lexDocs: 40, lexTerms: 200, ...revs },
        incarnation: 'token-1',
        goals: [],
        primed: [],
        candidates: [],
        textScanned: 1,
        textFound: [],
        lexicon: [
          { term: 'postgr', df: 2 },
          { term: 'outag', df: 2 },
        ],
        moreHits: [['m9', 'the postgres outage paged everyone', []]],
      },
    ];
    const db = agentWithMemories()
      .answer('spread.graph-rev', [{ graphRev: 7, effectsRev: 2, incarnation: 'token-1' }])
      .answer('spread.agent-graph', [{ from: ['m1', 'm9'], to: ['m3', 'm3'], types: ['TEMPORAL', 'TEMPORAL'], weights: [0.8, 0.5], chains: [false, true], gaps: [0, 60_000] }])
      .answer('recall.candidates', [{ memory: memoryRow('m3', 'the team stayed late', NOW - 24 * HOUR + 60_000), score: 0.5, goalScores: [], concepts: [] }])
      .answer('recall.episode-ids', [{ id: 'm9', episode: ['m3'] }]);
    db.answer('recall.prelude', prelude);
    const { recalls, graphs } = serviceOn(db, true);
    // The first recall holds no graph yet (it reads the scripted agent without statistics).
    await recalls.recall(TENANT, input);
    await graphs.load(TENANT, AGENT);
    db.queries.length = 0;
    const held = await recalls.recall(TENANT, { ...input, explain: true });
    expect(db.paramsOf('recall.prelude')[0]).toMatchObject({ walkEpisodes: false });
    expect(db.names()).not.toContain('recall.episode-ids');
    const lent = (o: typeof held) => o.items.find((i) => i.memory.id === 'm3')?.ranked.explanation.signals.episodeLexical;
    expect(lent(held)).toBeGreaterThan(0);

    // A write moved the agent on: the copy is at another revision, so the episodes are read.
    Object.assign(revs, { graphRev: 8 });
    db.queries.length = 0;
    const read = await recalls.recall(TENANT, { ...input, explain: true });
    expect(db.paramsOf('recall.episode-ids')[0]).toMatchObject({ tenantId: TENANT, agentId: AGENT, ids: ['m9'], gapMs: 30 * 60_000 });
    expect(lent(read)).toBeCloseTo(lent(held) ?? NaN, 12);
  });

  it('hands the effects to the worker after the answer: the tenant, the recall id and the items in rank order', async () => {
    const db = agentWithMemories();
    const { recalls, dispatched } = serviceOn(db);
    const outcome = await recalls.recall(TENANT, input);
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toMatchObject({ tenantId: TENANT, agentId: AGENT, recallId: outcome.recallId, now: NOW, queryType: outcome.queryType });
    expect(dispatched[0]?.items.map((i) => [i.memoryId, i.rank])).toEqual(outcome.items.map((i) => [i.memory.id, i.ranked.rank]));
    expect(dispatched[0]?.concepts).toEqual(expect.arrayContaining(['postgres', 'outage']));
  });

  it('walks the preset’s hops, one fewer for a question across episodes, and the caller’s hops when given', async () => {
    const hopsOf = async (query: string, spread?: RecallInput['spread']): Promise<unknown> => {
      const db = agentWithMemories();
      await serviceOn(db).recalls.recall(TENANT, { ...input, query, ...(spread ? { spread } : {}) });
      return db.paramsOf('spread.activate')[0]?.hops;
    };
    // A rested `agent`: its preset walks 2 hops.
    expect(await hopsOf('what happened in the postgres outage')).toBe(2);
    expect(await hopsOf('Which postgres outages have we had?')).toBe(1);
    expect(await hopsOf('Which postgres outages have we had?', { hops: 3 })).toBe(3);
  });

  it('does not spread when the caller turns it off', async () => {
    const db = agentWithMemories();
    const outcome = await serviceOn(db).recalls.recall(TENANT, { ...input, spread: { enabled: false } });
    expect(db.names()).not.toContain('spread.activate');
    expect(outcome.items.map((i) => i.memory.id).sort()).toEqual(['m1', 'm2']);
  });

  it('refuses an unknown agent as bad input, after its one read unit, and hands nothing to the worker', async () => {
    const db = new RecordingExecutor().answer('vector.index-state', [{ state: 'ONLINE', populationPercent: 100 }]);
    const { recalls, dispatched } = serviceOn(db);
    await expect(recalls.recall(TENANT, input)).rejects.toMatchObject({ code: 'BAD_USER_INPUT', field: 'agentId', message: `agentId: unknown agent ${AGENT}` });
    expect(db.names()).toEqual(['recall.prelude', 'vector.index-state', 'vector.agent-nearest']);
    expect(dispatched).toEqual([]);
  });

  it('gives every query the tenant id', async () => {
    const db = agentWithMemories();
    await serviceOn(db).recalls.recall(TENANT, input);
    expect(db.queries.length).toBeGreaterThan(3);
    expect(db.withoutTenant(TENANT).filter((q) => !TENANTLESS.has(q.name))).toEqual([]);
  });
});
