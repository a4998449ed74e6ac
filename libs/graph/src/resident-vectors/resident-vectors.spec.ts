import type { Neo4jExecutor } from '../neo4j-executor';
import { ResidentVectors } from './resident-vectors';

const DIM = 16;

/** An executor that answers the copy's two queries from a table of agents (id → vectors), counting reads. */
function fakeExecutor(agents: Record<string, { vectors: number[][]; archived?: number[] } | 'fail'>) {
  const reads: string[] = [];
  const executor = {
    read: async (name: string, params: Record<string, unknown>) => {
      reads.push(`${name}:${String(params.agentId)}`);
      const agent = agents[String(params.agentId)];
      if (agent === 'fail') throw new Error('database unavailable');
      if (!agent) return [];
      if (name === 'vector.agent-copy-state') return [{ rev: 7, incarnation: `inc-${String(params.agentId)}`, memories: agent.vectors.length }];
      // Pages in (occurredAt, id) order: memory i happened at i.
      const after = Number(params.afterAt);
      const rows = agent.vectors
        .map((vector, i) => ({
          id: `${String(params.agentId)}-${String(i).padStart(5, '0')}`,
          vector,
          occurredAt: i,
          encodedAt: 1000 + i,
          archived: agent.archived?.includes(i) ?? false,
          scope: i % 2 === 0 ? 'even' : null,
          tags: i % 3 === 0 ? ['third'] : null,
          metadataPairs: null,
        }))
        .filter((r) => r.occurredAt > after || (r.occurredAt === after && r.id > String(params.afterId)));
      return rows.slice(0, Number(params.limit));
    },
  };
  return { executor: executor as unknown as Neo4jExecutor, reads };
}

const vectors = (n: number, dim = DIM): number[][] => Array.from({ length: n }, (_, i) => Array.from({ length: dim }, (_, j) => Math.sin(i * 7 + j)));
const scope = (agentId: string) => ({ tenantId: 't', agentId });

describe('ResidentVectors', () => {
  afterEach(() => jest.restoreAllMocks());

  it('holds an agent of at least the minimum, in pages, with its flags; not a smaller one', async () => {
    const { executor, reads } = fakeExecutor({ big: { vectors: vectors(9_000), archived: [3, 8_999] }, small: { vectors: vectors(10) } });
    const resident = new ResidentVectors(executor, undefined, { minMemories: 5_000, budgetBytes: 2 ** 30 });
    expect(resident.copyOf(scope('big'), 'embedding')).toBeUndefined();
    expect(resident.copyOf(scope('small'), 'embedding')).toBeUndefined();
    await resident.settled(scope('big'), 'embedding');
    await resident.settled(scope('small'), 'embedding');
    const copy = resident.copyOf(scope('big'), 'embedding')!;
    expect({ rev: copy.rev, incarnation: copy.incarnation, rows: copy.rows.count, first: copy.ids[0], last: copy.ids[8_999] }).toEqual({ rev: 7, incarnation: 'inc-big', rows: 9_000, first: 'big-00000', last: 'big-08999' });
    expect([copy.archived[3], copy.archived[4], copy.archived[8_999]]).toEqual([1, 0, 1]);
    expect(copy.encodedAt[5]).toBe(1005);
    // 9,000 rows in pages of 4,000: three pages after the state.
    expect(reads.filter((r) => r === 'vector.agent-copy-page:big')).toHaveLength(3);
    expect(resident.copyOf(scope('small'), 'embedding')).toBeUndefined();
    // The small agent is not asked about again before the recheck is due.
    expect(reads.filter((r) => r === 'vector.agent-copy-state:small')).toHaveLength(1);
  });

  it('asks about an agent found too small again once the recheck is due', async () => {
    const { executor, reads } = fakeExecutor({ small: { vectors: vectors(10) } });
    const resident = new ResidentVectors(executor, undefined, { minMemories: 5, budgetBytes: 2 ** 30 });
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    resident.copyOf(scope('small'), 'embedding');
    await resident.settled(scope('small'), 'embedding');
    expect(resident.copyOf(scope('small'), 'embedding')?.rows.count).toBe(10);
    const tooFew = fakeExecutor({ small: { vectors: vectors(3) } });
    const other = new ResidentVectors(tooFew.executor, undefined, { minMemories: 5, budgetBytes: 2 ** 30 });
    other.copyOf(scope('small'), 'embedding');
    await other.settled(scope('small'), 'embedding');
    now.mockReturnValue(1_000_000 + 9 * 60_000);
    expect(other.copyOf(scope('small'), 'embedding')).toBeUndefined();
    await other.settled(scope('small'), 'embedding');
    now.mockReturnValue(1_000_000 + 11 * 60_000);
    other.copyOf(scope('small'), 'embedding');
    await other.settled(scope('small'), 'embedding');
    expect(tooFew.reads.filter((r) => r.startsWith('vector.agent-copy-state'))).toHaveLength(2);
    expect(reads).toHaveLength(2);
  });

  it('tells the first search of an agent whether it is large once its size is read, before its copy is held', async () => {
    const { executor, reads } = fakeExecutor({ big: { vectors: vectors(9_000) }, small: { vectors: vectors(10) } });
    const resident = new ResidentVectors(executor, undefined, { minMemories: 1_000, budgetBytes: 2 ** 30 });
    const first = await resident.residency(scope('big'), 'embedding');
    expect(first.large).toBe(true);
    expect(await resident.residency(scope('small'), 'embedding')).toEqual({ large: false });
    await resident.settled(scope('big'), 'embedding');
    const held = await resident.residency(scope('big'), 'embedding');
    expect(held.copy?.rows.count).toBe(9_000);
    // The copy carries what a filter reads.
    expect([held.copy!.filters.scope[0], held.copy!.filters.scope[1], held.copy!.filters.tags.starts[1]]).toEqual([held.copy!.filters.numbers.get('even'), -1, 1]);
    // One size read each: later searches do not wait for another.
    expect(reads.filter((r) => r.startsWith('vector.agent-copy-state'))).toEqual(['vector.agent-copy-state:big', 'vector.agent-copy-state:small']);
    const off = new ResidentVectors(executor, undefined, { minMemories: 0, budgetBytes: 2 ** 30 });
    expect(await off.residency(scope('big'), 'embedding')).toEqual({ large: false });
  });

  it('lets the least recently used copy go when the budget is exceeded', async () => {
    const { executor } = fakeExecutor({ a: { vectors: vectors(2_000) }, b: { vectors: vectors(2_000) }, c: { vectors: vectors(2_000) } });
    // A budget that two copies fit and three do not.
    const sizing = new ResidentVectors(executor, undefined, { minMemories: 1_000, budgetBytes: 2 ** 30 });
    sizing.copyOf(scope('a'), 'embedding');
    await sizing.settled(scope('a'), 'embedding');
    const one = sizing.copyOf(scope('a'), 'embedding')!.bytes;
    sizing.onModuleDestroy();
    const resident = new ResidentVectors(executor, undefined, { minMemories: 1_000, budgetBytes: 2.5 * one });
    for (const id of ['a', 'b']) {
      resident.copyOf(scope(id), 'embedding');
      await resident.settled(scope(id), 'embedding');
    }
    expect(resident.copyOf(scope('a'), 'embedding')).toBeDefined();
    resident.copyOf(scope('c'), 'embedding');
    await resident.settled(scope('c'), 'embedding');
    // b was used least recently (a was asked for after it).
    expect(['a', 'b', 'c'].map((id) => resident.copyOf(scope(id), 'embedding') !== undefined)).toEqual([true, false, true]);
    // Still large (its searches scan exactly), and loaded again a minute later, not at once.
    expect((await resident.residency(scope('b'), 'embedding')).large).toBe(true);
    await resident.settled(scope('b'), 'embedding');
    expect(resident.copyOf(scope('b'), 'embedding')).toBeUndefined();
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    resident.copyOf(scope('b'), 'embedding');
    await resident.settled(scope('b'), 'embedding');
    expect(resident.copyOf(scope('b'), 'embedding')).toBeDefined();
  });

  it('keeps vectors of one length (the slot’s) and skips the others', async () => {
    const mixed = vectors(1_200);
    mixed[10] = [1, 2, 3];
    const { executor } = fakeExecutor({ m: { vectors: mixed } });
    const resident = new ResidentVectors(executor, undefined, { minMemories: 1_000, budgetBytes: 2 ** 30 });
    resident.copyOf(scope('m'), 'embedding');
    await resident.settled(scope('m'), 'embedding');
    const copy = resident.copyOf(scope('m'), 'embedding')!;
    expect(copy.rows.count).toBe(1_199);
    expect(copy.ids).not.toContain('m-00010');
  });

  it('after a failed load, waits a minute before trying again; the index answers meanwhile', async () => {
    const { executor, reads } = fakeExecutor({ f: 'fail' });
    const resident = new ResidentVectors(executor, undefined, { minMemories: 1, budgetBytes: 2 ** 30 });
    const now = jest.spyOn(Date, 'now').mockReturnValue(5_000_000);
    jest.spyOn(resident['log'], 'warn').mockImplementation(() => undefined);
    resident.copyOf(scope('f'), 'embedding');
    await resident.settled(scope('f'), 'embedding');
    now.mockReturnValue(5_000_000 + 30_000);
    expect(resident.copyOf(scope('f'), 'embedding')).toBeUndefined();
    await resident.settled(scope('f'), 'embedding');
    expect(reads).toHaveLength(1);
    now.mockReturnValue(5_000_000 + 61_000);
    resident.copyOf(scope('f'), 'embedding');
    await resident.settled(scope('f'), 'embedding');
    expect(reads).toHaveLength(2);
  });

  it('lets a copy go once no search used it for 30 minutes', async () => {
    const { executor } = fakeExecutor({ a: { vectors: vectors(1_200) }, b: { vectors: vectors(1_200) } });
    const resident = new ResidentVectors(executor, undefined, { minMemories: 1_000, budgetBytes: 2 ** 30 });
    const now = jest.spyOn(Date, 'now').mockReturnValue(10_000_000);
    for (const id of ['a', 'b']) {
      resident.copyOf(scope(id), 'embedding');
      await resident.settled(scope(id), 'embedding');
    }
    now.mockReturnValue(10_000_000 + 20 * 60_000);
    expect(resident.copyOf(scope('a'), 'embedding')).toBeDefined();
    (resident as unknown as { sweep(now: number): void }).sweep(10_000_000 + 31 * 60_000);
    expect(resident.copyOf(scope('a'), 'embedding')).toBeDefined();
    now.mockReturnValue(10_000_000 + 31 * 60_000);
    expect(resident.copyOf(scope('b'), 'embedding')).toBeUndefined();
  });

  it('holds nothing with a minimum of 0', () => {
    const { executor, reads } = fakeExecutor({ big: { vectors: vectors(9_000) } });
    const resident = new ResidentVectors(executor, undefined, { minMemories: 0, budgetBytes: 2 ** 30 });
    expect(resident.copyOf(scope('big'), 'embedding')).toBeUndefined();
    expect(reads).toEqual([]);
  });
});
