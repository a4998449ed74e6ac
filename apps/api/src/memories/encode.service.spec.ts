import { loadConfig } from '@limbic/config';
import { HashEmbedder } from '@limbic/embeddings';
import { AgentVectorSearch, RecallRepository, StateHistoryRepository, TenantBookmarks, type QueryName } from '@limbic/graph';
import type { AppraisalRequest, JobProducer } from '@limbic/jobs';
import { RecordingExecutor } from '../../../../libs/graph/src/testing/recording-executor';
import { SpreadGraphCache } from '../recall/services/spread-graph-cache.service';
import { EncodeService } from './encode.service';

const TENANT = 'tenant-a';
const AGENT = 'ada';
const NOW = Date.UTC(2026, 11, 1, 12);

const agent = { id: AGENT, tenantId: TENANT, preset: 'agent', createdAt: NOW - 86_400_000, affect: [0, 0.3, 0.5], mood: [0, 0.3, 0.5], momentum: [0, 0, 0], energy: 1, timeZone: 'UTC' };
const stored = {
  id: 'm-stored',
  tenantId: TENANT,
  agentId: AGENT,
  externalId: 'evt-1',
  content: 'The production database went down for two hours.',
  occurredAt: NOW - 3_600_000,
  encodedAt: NOW - 3_600_000,
  valence: -0.7,
  arousal: 0.8,
};

/** Queries that address no tenant's data: the vector index's state is one per database. */
const TENANTLESS: ReadonlySet<QueryName> = new Set(['vector.index-state']);

/** A database holding the agent (no earlier memories); created memories come back as written. */
function withAgent(): RecordingExecutor {
  return new RecordingExecutor()
    .answer('agent.lock-state', [{ agent }])
    .answer('vector.index-state', [{ state: 'ONLINE', populationPercent: 100 }])
    .answer('encode.create-memories', (params) =>
      (params.memories as Record<string, unknown>[]).map((m) => ({ memory: { ...m, tenantId: TENANT, agentId: AGENT, encodedAt: params.now } })),
    );
}

function serviceOn(db: RecordingExecutor) {
  const enqueued: AppraisalRequest[] = [];
  const jobs: Pick<JobProducer, 'enqueueAppraisalsInBackground'> = {
    enqueueAppraisalsInBackground: (payloads) => {
      enqueued.push(...payloads);
      return Promise.resolve();
    },
  };
  const config = loadConfig({});
  const embedder = new HashEmbedder(64);
  const executor = db.asExecutor();
  const vectors = new AgentVectorSearch(undefined, embedder);
  const graphs = new SpreadGraphCache(config, new RecallRepository(executor, vectors));
  const service = new EncodeService(config, embedder, executor, jobs as JobProducer, vectors, new StateHistoryRepository(executor, config), new TenantBookmarks(), graphs);
  return { service, enqueued };
}

describe('EncodeService (recorded queries)', () => {
  it('writes a new memory in one write unit: lock and reads first, then the memory, links, state, history, lexicon', async () => {
    const db = withAgent();
    const { service, enqueued } = serviceOn(db);
    const memory = await service.encode(TENANT, { agentId: AGENT, content: 'Lunch with the team was fun.', now: new Date(NOW) });
    expect(db.queries.every((q) => q.unit === 'encode' && q.mode === 'WRITE')).toBe(true);
    const names = db.names();
    // The lock is the first statement: every read of the unit runs under it.
    expect(names[0]).toBe('agent.lock-state');
    expect(names).toEqual(expect.arrayContaining(['agent.primed', 'vector.agent-nearest', 'encode.chain-window', 'encode.create-memories', 'agent.save-state', 'agent.record-state', 'lexicon.adjust']));
    expect(names.indexOf('encode.chain-window')).toBeLessThan(names.indexOf('encode.create-memories'));
    // No idempotency key, nothing to look up by it.
    expect(names).not.toContain('encode.existing-external');
    const [create] = db.paramsOf('encode.create-memories');
    expect(create).toMatchObject({ tenantId: TENANT, agentId: AGENT, now: NOW, embeddingModel: 'hash-64', memories: [{ id: memory.id, content: 'Lunch with the team was fun.' }] });
    expect((create?.memories as { vector: number[] }[])[0]?.vector).toHaveLength(64);
    expect(db.paramsOf('agent.record-state')).toEqual([expect.objectContaining({ tenantId: TENANT, agentId: AGENT, cause: 'ENCODE' })]);
    // The appraisal is asked for after the commit, for the memory just created.
    expect(enqueued).toEqual([expect.objectContaining({ tenantId: TENANT, agentId: AGENT, memoryId: memory.id })]);
  });

  it('returns the stored memory for a known idempotency key, and writes and enqueues nothing', async () => {
    const db = withAgent().answer('encode.existing-external', [{ memory: stored }]);
    const { service, enqueued } = serviceOn(db);
    const memory = await service.encode(TENANT, { agentId: AGENT, content: stored.content, externalId: 'evt-1' });
    expect(memory.id).toBe('m-stored');
    expect(db.paramsOf('encode.existing-external')).toEqual([{ tenantId: TENANT, agentId: AGENT, externalIds: ['evt-1'] }]);
    for (const write of ['encode.create-memories', 'encode.link', 'agent.save-state', 'agent.record-state', 'lexicon.adjust'] as const) expect(db.names()).not.toContain(write);
    expect(enqueued).toEqual([]);
  });

  it('writes a key repeated in one batch once, and answers both items with that memory', async () => {
    const db = withAgent();
    const { service, enqueued } = serviceOn(db);
    const items = [
      { agentId: AGENT, content: 'The deploy failed at noon.', externalId: 'evt-2' },
      { agentId: AGENT, content: 'The deploy failed at noon (again sent).', externalId: 'evt-2' },
      { agentId: AGENT, content: 'We rolled back.' },
    ];
    const outcomes = await service.encodeBatch(TENANT, AGENT, items, new Date(NOW));
    expect(outcomes.map((o) => o.created)).toEqual([true, false, true]);
    expect(outcomes[1]?.memory.id).toBe(outcomes[0]?.memory.id);
    const [create] = db.paramsOf('encode.create-memories');
    // Items of one moment are planned in an order of their own (ties in time): compared as a set.
    expect((create?.memories as { content: string }[]).map((m) => m.content).sort()).toEqual(['The deploy failed at noon.', 'We rolled back.']);
    expect(db.paramsOf('encode.create-memories')).toHaveLength(1);
    expect(enqueued.map((j) => j.memoryId).sort()).toEqual([outcomes[0]?.memory.id, outcomes[2]?.memory.id].sort());
  });

  it('refuses an unknown agent as bad input, with nothing written or enqueued', async () => {
    const db = new RecordingExecutor().answer('vector.index-state', [{ state: 'ONLINE', populationPercent: 100 }]);
    const { service, enqueued } = serviceOn(db);
    await expect(service.encode(TENANT, { agentId: 'nobody', content: 'hello' })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', field: 'agentId' });
    expect(db.names()).not.toContain('encode.create-memories');
    expect(db.names()).not.toContain('agent.save-state');
    expect(enqueued).toEqual([]);
  });

  it('gives every query the tenant id, a batch with keys included', async () => {
    const db = withAgent().answer('encode.existing-external', [{ memory: stored }]);
    const { service } = serviceOn(db);
    await service.encodeBatch(TENANT, AGENT, [
      { agentId: AGENT, content: 'a new one', externalId: 'evt-9' },
      { agentId: AGENT, content: stored.content, externalId: 'evt-1' },
      { agentId: AGENT, content: 'and another' },
    ], new Date(NOW));
    expect(db.queries.length).toBeGreaterThan(8);
    expect(db.withoutTenant(TENANT).filter((q) => !TENANTLESS.has(q.name))).toEqual([]);
  });
});
