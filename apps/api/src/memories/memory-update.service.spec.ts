import { loadConfig } from '@limbic/config';
import { HashEmbedder } from '@limbic/embeddings';
import { AgentVectorSearch, MemoryRepository, RevisionRepository, type QueryName } from '@limbic/graph';
import { RecordingExecutor } from '../../../../libs/graph/src/testing/recording-executor';
import { MemoryUpdateService } from './memory-update.service';

const TENANT = 'tenant-a';
const AGENT = 'ada';
const NOW = Date.UTC(2026, 11, 1, 12);

const stored = {
  id: 'm1',
  tenantId: TENANT,
  agentId: AGENT,
  externalId: null,
  content: 'The release moved to Friday.',
  occurredAt: NOW - 3_600_000,
  encodedAt: NOW - 3_600_000,
  valence: 0.2,
  arousal: 0.4,
  dominance: 0.5,
  importance: 0.5,
  tags: ['work'],
  accessCount: 0,
  pendingAppraisal: false,
  archived: false,
  embeddingModel: 'hash-64',
  scope: null,
  metadata: null,
  affectGiven: true,
};
const agent = { id: AGENT, tenantId: TENANT, preset: 'agent', createdAt: NOW - 86_400_000, affect: [0, 0.3, 0.5], mood: [0, 0.3, 0.5], momentum: [0, 0, 0] };

/** The service over the real repositories and transaction objects, on a recorder scripted as a database holding `stored`. */
function serviceOn(db: RecordingExecutor): MemoryUpdateService {
  const executor = db.asExecutor();
  const embedder = new HashEmbedder(64);
  return new MemoryUpdateService(loadConfig({}), embedder, executor, new AgentVectorSearch(undefined, embedder), new MemoryRepository(executor), new RevisionRepository(executor));
}

function holding(memory: typeof stored = stored): RecordingExecutor {
  return new RecordingExecutor()
    .answer('memory.get', [{ memory }])
    .answer('agent.lock-state', [{ agent }])
    .answer('memory.update-load', [{ memory, moodAtEncoding: [0, 0.3, 0.5], chained: [] }])
    .answer('vector.index-state', [{ state: 'ONLINE', populationPercent: 100 }])
    .answer('vector.agent-nearest', [{ key: 'm', hits: [] }])
    .answer('memory.update-apply', (params) => [{ memory: { ...memory, ...(params.set as object) } }]);
}

/** Queries that address no tenant's data: the vector index's state is one per database. */
const TENANTLESS: ReadonlySet<QueryName> = new Set(['vector.index-state']);

describe('MemoryUpdateService (recorded queries)', () => {
  it('writes nothing for a patch that changes nothing: it reads, locks the agent, re-reads under the lock, and stops', async () => {
    const db = holding();
    const result = await serviceOn(db).update(TENANT, 'm1', { importance: 0.5, tags: ['work'] });
    expect(result.id).toBe('m1');
    expect(db.names()).toEqual(['memory.get', 'agent.lock-state', 'memory.update-load']);
    expect(db.queries.slice(1).every((q) => q.unit === 'memory.update' && q.mode === 'WRITE')).toBe(true);
    expect(db.paramsOf('agent.lock-state')).toEqual([{ tenantId: TENANT, agentId: AGENT }]);
  });

  it('an importance change writes the field and one revision with its before and after, and does not relink', async () => {
    const db = holding();
    const result = await serviceOn(db).update(TENANT, 'm1', { importance: 0.9 });
    expect(result.importance).toBe(0.9);
    expect(db.names()).toEqual(['memory.get', 'agent.lock-state', 'memory.update-load', 'memory.update-apply', 'revision.append']);
    expect(db.paramsOf('memory.update-apply')[0]).toMatchObject({ tenantId: TENANT, agentId: AGENT, memoryId: 'm1', set: { importance: 0.9 }, vector: null, concepts: null });
    const [append] = db.paramsOf('revision.append');
    expect(append).toMatchObject({ tenantId: TENANT, revisions: [{ holderId: 'm1', memoryId: 'm1', kind: 'UPDATE', fields: ['importance'], relatedMemoryId: null }] });
    const revision = (append?.revisions as { before: string; after: string }[])[0];
    expect(JSON.parse(revision?.before ?? '{}')).toEqual({ importance: 0.5 });
    expect(JSON.parse(revision?.after ?? '{}')).toEqual({ importance: 0.9 });
  });

  it('a content change embeds the new text, relinks (nearest, unlink, link) and adjusts the lexicon before it applies', async () => {
    const db = holding();
    await serviceOn(db).update(TENANT, 'm1', { content: 'The release moved to Monday after the outage.' });
    const names = db.names();
    expect(names.slice(0, 3)).toEqual(['memory.get', 'agent.lock-state', 'memory.update-load']);
    expect(names).toEqual(expect.arrayContaining(['vector.agent-nearest', 'memory.update-unlink', 'lexicon.adjust', 'memory.update-apply', 'revision.append']));
    expect(names.indexOf('memory.update-unlink')).toBeLessThan(names.indexOf('memory.update-apply'));
    expect(names.indexOf('vector.agent-nearest')).toBeLessThan(names.indexOf('memory.update-unlink'));
    const [apply] = db.paramsOf('memory.update-apply');
    expect(apply).toMatchObject({ embeddingModel: 'hash-64', set: { content: 'The release moved to Monday after the outage.' } });
    expect(apply?.vector).toHaveLength(64);
    // The nearest-neighbour probe is the new text's vector, the one that is stored.
    const [nearest] = db.paramsOf('vector.agent-nearest');
    expect((nearest?.probes as { vector: number[] }[])[0]?.vector).toEqual(apply?.vector);
  });

  it('names the survivor for a merged memory, and runs no write', async () => {
    const db = new RecordingExecutor().answer('revision.merged-into', [{ memory: { ...stored, id: 'm9' } }]);
    await expect(serviceOn(db).update(TENANT, 'm1', { importance: 0.9 })).rejects.toMatchObject({ message: 'memory m1 was merged into m9; update that memory' });
    expect(db.names()).toEqual(['memory.get', 'revision.merged-into']);
    expect(db.queries.every((q) => q.mode === 'READ')).toBe(true);
  });

  it('refuses an over-long id without asking the database', async () => {
    const db = holding();
    await expect(serviceOn(db).update(TENANT, 'x'.repeat(129), { importance: 0.9 })).rejects.toMatchObject({ message: `memory ${'x'.repeat(128)} not found` });
    expect(db.queries).toEqual([]);
  });

  it.each([
    ['nothing changed', { importance: 0.5 }],
    ['importance', { importance: 0.9 }],
    ['content', { content: 'Another text entirely, about the outage.' }],
    ['affect', { affect: { valence: -0.6, arousal: 0.8 } }],
    ['tags and metadata', { tags: ['ops'], metadata: { source: 'chat' } }],
  ])('every query of an update (%s) is given the tenant id', async (_case, patch) => {
    const db = holding();
    await serviceOn(db).update(TENANT, 'm1', patch);
    expect(db.queries.length).toBeGreaterThan(2);
    expect(db.withoutTenant(TENANT).filter((q) => !TENANTLESS.has(q.name))).toEqual([]);
  });
});
