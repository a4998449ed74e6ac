import { AgentVectorSearch, NO_TIME_BOUND } from './agent-vector-search';
import type { Params, TxRunner } from './neo4j-executor';
import type { QueryName } from './query-names';

const scope = { tenantId: 't', agentId: 'a' };

/** A transaction that answers the index state with `state()` and every search with `hits`. */
function fakeTx(state: () => string | null, hits: Record<string, unknown>[] = []) {
  const calls: { name: QueryName; params: Params }[] = [];
  let failNext: Error | null = null;
  const tx: TxRunner = {
    run: <T>(name: QueryName, params: Params = {}) => {
      calls.push({ name, params });
      if (name === 'vector.index-state') {
        const s = state();
        return Promise.resolve((s === null ? [] : [{ state: s, populationPercent: 40 }]) as T[]);
      }
      if (failNext) {
        const err = failNext;
        failNext = null;
        return Promise.reject(err);
      }
      const probes = params.probes as { key: string }[];
      return Promise.resolve(probes.map((p) => ({ key: p.key, hits })) as T[]);
    },
  };
  return { tx, calls, failWith: (err: Error) => (failNext = err) };
}

describe('AgentVectorSearch', () => {
  it('answers from the exact scan while the index is populating, and from the index once it is ONLINE', async () => {
    let state = 'POPULATING';
    const { tx, calls } = fakeTx(() => state);
    const search = new AgentVectorSearch();
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5 });
    expect(calls.map((c) => c.name)).toEqual(['vector.index-state', 'vector.agent-nearest-exact']);

    // Within a second it does not ask again.
    calls.length = 0;
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5 });
    expect(calls.map((c) => c.name)).toEqual(['vector.agent-nearest-exact']);

    state = 'ONLINE';
    (search as unknown as { checkedAt: Map<string, number> }).checkedAt.clear();
    calls.length = 0;
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5 });
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5 });
    expect(calls.map((c) => c.name)).toEqual(['vector.index-state', 'vector.agent-nearest', 'vector.agent-nearest']);
  });

  it('takes the exact path when the index does not exist', async () => {
    const { tx, calls } = fakeTx(() => null);
    await new AgentVectorSearch().nearest(tx, scope, [{ key: 'q', embedding: [1] }], { k: 1 });
    expect(calls.at(-1)?.name).toBe('vector.agent-nearest-exact');
  });

  it('goes back to the exact path after the index went away under it', async () => {
    const { tx, calls, failWith } = fakeTx(() => 'ONLINE');
    const search = new AgentVectorSearch();
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1] }], { k: 1 });
    failWith(Object.assign(new Error('51N63: Index is not ready yet'), { code: 'Neo.ClientError.Schema.IndexNotFound' }));
    await expect(search.nearest(tx, scope, [{ key: 'q', embedding: [1] }], { k: 1 })).rejects.toThrow(/not ready/);
    calls.length = 0;
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1] }], { k: 1 });
    expect(calls.map((c) => c.name)).toEqual(['vector.index-state', 'vector.agent-nearest']);
  });

  it('sends vector and memory probes with their time bound, and returns hits best first by key', async () => {
    const { tx, calls } = fakeTx(
      () => 'ONLINE',
      [
        { id: 'b', score: 0.8, valence: 0.1, arousal: 0.2, dominance: 0.3, occurredAt: 5, encodedAt: 6 },
        { id: 'c', score: 0.9, valence: 0, arousal: 0, dominance: null, occurredAt: 1, encodedAt: 2 },
        { id: 'a', score: 0.8, valence: 0, arousal: 0, dominance: 0.5, occurredAt: 1, encodedAt: 2 },
      ],
    );
    const found = await new AgentVectorSearch().nearest(
      tx,
      scope,
      [
        { key: 'v', embedding: [0.6, 0.8] },
        { key: 'm', memoryId: 'x', before: 1234 },
      ],
      { k: 3.7, withArchived: true },
    );
    const search = calls.find((c) => c.name === 'vector.agent-nearest');
    expect(search?.params).toEqual({
      tenantId: 't',
      agentId: 'a',
      k: 3,
      withArchived: true,
      recallRows: false,
      probes: [
        { key: 'v', vector: [0.6, 0.8], memoryId: null, before: NO_TIME_BOUND },
        { key: 'm', vector: null, memoryId: 'x', before: 1234 },
      ],
    });
    expect(found.get('v')?.map((h) => h.id)).toEqual(['c', 'a', 'b']);
    expect(found.get('m')?.[0]).toEqual({ id: 'c', score: 0.9, valence: 0, arousal: 0, dominance: 0.5, occurredAt: 1, encodedAt: 2 });
  });

  it('asks nothing for no probes or k < 1', async () => {
    const { tx, calls } = fakeTx(() => 'ONLINE');
    const found = await new AgentVectorSearch().nearest(tx, scope, [{ key: 'q', embedding: [1] }], { k: 0 });
    expect([calls, found.get('q')]).toEqual([[], []]);
  });
});
