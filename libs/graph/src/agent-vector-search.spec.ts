import { AgentVectorSearch, NO_TIME_BOUND, SEARCH_CANDIDATES_MIN } from './agent-vector-search';
import { FILTER_TIME_MAX, NO_FILTER, type MemoryFilter } from './memory-filter';
import type { Params, TxRunner } from './neo4j-executor';
import type { QueryName } from './query-names';
import type { EmbeddingSpaces } from './embedding-space/embedding-spaces';
import type { ResidentVectors } from './resident-vectors/resident-vectors';

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
  it('asks for a held copy by the tenant’s slot and model, filtered or not; a small agent without one goes to the index', async () => {
    const { tx, calls } = fakeTx(() => 'ONLINE');
    let model = 'model-a';
    const spaces = { slotOf: () => 'embeddingAlt', spaceOf: () => ({ slot: 'embeddingAlt', model, dimension: 2 }) } as unknown as EmbeddingSpaces;
    const asked: string[] = [];
    const resident = { residency: (_s: unknown, space: string) => (asked.push(space), Promise.resolve({ large: false })) } as unknown as ResidentVectors;
    const search = new AgentVectorSearch(spaces, undefined, resident);
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5 });
    // A re-embedding into the same slot with another model is another copy.
    model = 'model-b';
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5 });
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5, filter: { ...NO_FILTER, scope: 'work' } });
    expect(asked).toEqual(['embeddingAlt|model-a', 'embeddingAlt|model-b', 'embeddingAlt|model-b']);
    expect(calls.filter((c) => c.name !== 'vector.index-state').map((c) => c.name)).toEqual(['vector.agent-nearest', 'vector.agent-nearest', 'vector.agent-nearest-scoped']);
  });

  it('scans a large agent whose copy is not held yet exactly, with the filter, and never asks the index', async () => {
    const { tx, calls } = fakeTx(() => 'ONLINE');
    const resident = { residency: () => Promise.resolve({ large: true }) } as unknown as ResidentVectors;
    const search = new AgentVectorSearch(undefined, undefined, resident);
    const filter: MemoryFilter = { ...NO_FILTER, tagsAny: ['red'] };
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5 });
    await search.nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k: 5, filter });
    expect(calls.map((c) => c.name)).toEqual(['vector.agent-nearest-exact', 'vector.agent-nearest-exact']);
    expect(calls[1]!.params.filter).toEqual(filter);
  });

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
      fetch: SEARCH_CANDIDATES_MIN,
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

  it('asks the index for at least SEARCH_CANDIDATES_MIN candidates and keeps k: a small k does not shorten its candidate list', async () => {
    const { tx, calls } = fakeTx(() => 'ONLINE');
    const search = new AgentVectorSearch();
    for (const k of [1, 10, SEARCH_CANDIDATES_MIN, 150]) await search.nearest(tx, scope, [{ key: 'q', embedding: [1] }], { k });
    const sent = calls.filter((c) => c.name === 'vector.agent-nearest').map((c) => [c.params.k, c.params.fetch]);
    expect(sent).toEqual([
      [1, SEARCH_CANDIDATES_MIN],
      [10, SEARCH_CANDIDATES_MIN],
      [SEARCH_CANDIDATES_MIN, SEARCH_CANDIDATES_MIN],
      [150, 150],
    ]);
  });

  it('asks nothing for no probes or k < 1', async () => {
    const { tx, calls } = fakeTx(() => 'ONLINE');
    const found = await new AgentVectorSearch().nearest(tx, scope, [{ key: 'q', embedding: [1] }], { k: 0 });
    expect([calls, found.get('q')]).toEqual([[], []]);
  });

  describe('with a filter', () => {
    const hit = (id: string, score: number) => ({ id, score, valence: 0, arousal: 0, dominance: 0.5, occurredAt: 1, encodedAt: 2 });
    /** Answers the filtered searches with `kept` hits out of `scanned`, the exact scan with `exact`. */
    function filteredTx(kept: number, scanned: number, exact: number) {
      const calls: { name: QueryName; params: Params }[] = [];
      const tx: TxRunner = {
        run: <T>(name: QueryName, params: Params = {}) => {
          calls.push({ name, params });
          if (name === 'vector.index-state') return Promise.resolve([{ state: 'ONLINE' }] as T[]);
          const n = name === 'vector.agent-nearest-exact' ? exact : kept;
          const hits = Array.from({ length: n }, (_, i) => hit(`${name}-${i}`, 1 - i / 100));
          return Promise.resolve((params.probes as { key: string }[]).map((p) => ({ key: p.key, scanned, hits })) as T[]);
        },
      };
      return { tx, calls };
    }
    const tagged: MemoryFilter = { ...NO_FILTER, tagsAny: ['work'] };
    const nearest = (tx: TxRunner, filter: MemoryFilter, k = 10) => new AgentVectorSearch().nearest(tx, scope, [{ key: 'q', embedding: [1, 0] }], { k, filter });

    it('sends no filter on the unfiltered path, and puts scope and time into the scoped search', async () => {
      const { tx, calls } = filteredTx(10, 10, 0);
      await nearest(tx, NO_FILTER);
      expect(calls.at(-1)?.name).toBe('vector.agent-nearest');
      expect(calls.at(-1)?.params).not.toHaveProperty('filter');

      const scoped: MemoryFilter = { ...NO_FILTER, scope: 'user:ada', after: 1000 };
      await nearest(tx, scoped);
      expect(calls.at(-1)?.name).toBe('vector.agent-nearest-scoped');
      // Without list conditions the index's best k are the answer, from the usual candidates.
      expect(calls.at(-1)?.params).toMatchObject({ filter: scoped, k: 10, fetch: SEARCH_CANDIDATES_MIN, occurredFrom: 1000, occurredTo: FILTER_TIME_MAX });
      await nearest(tx, { ...NO_FILTER, before: 5 });
      expect(calls.at(-1)?.name).toBe('vector.agent-nearest-filtered');
    });

    it('over-fetches for tags and metadata, and trusts a search that found k or ran out', async () => {
      const full = filteredTx(10, 200, 0);
      const found = await nearest(full.tx, tagged);
      expect(full.calls.map((c) => c.name)).toEqual(['vector.index-state', 'vector.agent-nearest-filtered']);
      expect(full.calls.at(-1)?.params).toMatchObject({ fetch: 200, k: 10 });
      expect(found.get('q')).toHaveLength(10);

      const exhausted = filteredTx(3, 150, 0);
      expect((await nearest(exhausted.tx, tagged)).get('q')).toHaveLength(3);
      expect(exhausted.calls.map((c) => c.name)).not.toContain('vector.agent-nearest-exact');
    });

    it('answers from the exact scan of the filtered set when the search came back full with fewer than k passing', async () => {
      const { tx, calls } = filteredTx(4, 200, 7);
      const found = await nearest(tx, tagged);
      expect(calls.map((c) => c.name)).toEqual(['vector.index-state', 'vector.agent-nearest-filtered', 'vector.agent-nearest-exact']);
      expect(calls.at(-1)?.params).toMatchObject({ filter: tagged, k: 10 });
      expect(found.get('q')?.map((h) => h.id)).toEqual(Array.from({ length: 7 }, (_, i) => `vector.agent-nearest-exact-${i}`));
    });

    it('filters the exact scan too while the index is not online', async () => {
      const { tx, calls } = fakeTx(() => 'POPULATING');
      await new AgentVectorSearch().nearest(tx, scope, [{ key: 'q', embedding: [1] }], { k: 5, filter: tagged });
      expect(calls.at(-1)).toMatchObject({ name: 'vector.agent-nearest-exact', params: { filter: tagged } });
    });
  });
});
