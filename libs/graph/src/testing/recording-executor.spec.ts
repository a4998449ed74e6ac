import { RecordingExecutor } from './recording-executor';

describe('RecordingExecutor', () => {
  it('records each query with its unit, mode and leader flag, in order', async () => {
    const db = new RecordingExecutor();
    await db.read('agent.get', { tenantId: 't', agentId: 'a' }, { onLeader: true });
    await db.writeTx('agent.update-state', async (tx) => {
      await tx.run('agent.lock-state', { tenantId: 't', agentId: 'a' });
      await tx.run('agent.save-state', { tenantId: 't', agentId: 'a' });
    });
    expect(db.queries).toEqual([
      { name: 'agent.get', params: { tenantId: 't', agentId: 'a' }, unit: 'agent.get', mode: 'READ', onLeader: true },
      { name: 'agent.lock-state', params: { tenantId: 't', agentId: 'a' }, unit: 'agent.update-state', mode: 'WRITE', onLeader: false },
      { name: 'agent.save-state', params: { tenantId: 't', agentId: 'a' }, unit: 'agent.update-state', mode: 'WRITE', onLeader: false },
    ]);
  });

  it('answers queued rows run by run, the last for every later run, and no rows when none are scripted', async () => {
    const db = new RecordingExecutor().answer('agent.get', [{ n: 1 }]).answer('agent.get', (params) => [{ n: 2, agentId: params.agentId }]);
    expect(await db.read('agent.get', { agentId: 'a' })).toEqual([{ n: 1 }]);
    expect(await db.read('agent.get', { agentId: 'b' })).toEqual([{ n: 2, agentId: 'b' }]);
    expect(await db.read('agent.get', { agentId: 'c' })).toEqual([{ n: 2, agentId: 'c' }]);
    expect(await db.read('agent.goals', { agentId: 'a' })).toEqual([]);
  });

  it('lists the queries that were not given the tenant id', async () => {
    const db = new RecordingExecutor();
    await db.write('agent.update', { tenantId: 't', agentId: 'a' });
    await db.write('agent.set-goals', { tenantId: 'other', agentId: 'a' });
    await db.read('vector.index-state', { name: 'memory_embedding_hnsw' });
    expect(db.withoutTenant('t').map((q) => q.name)).toEqual(['agent.set-goals', 'vector.index-state']);
  });

  it('refuses schema statements: they belong to the integration tier', async () => {
    await expect(new RecordingExecutor().runRaw('migration.x', 'CREATE INDEX x')).rejects.toThrow(/integration tier/);
  });
});
