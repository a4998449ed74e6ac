import { AgentWriteCombiner, type WriteGroup } from './agent-write-combiner';

/** A write that records its groups and answers when released. */
function gatedWriter() {
  const groups: WriteGroup<string>[] = [];
  const gates: (() => void)[] = [];
  let failWith: ((group: WriteGroup<string>) => Error | null) | null = null;
  const write = (group: WriteGroup<string>): Promise<string[]> => {
    groups.push(group);
    return new Promise((resolve, reject) =>
      gates.push(() => {
        const err = failWith?.(group) ?? null;
        if (err) reject(err);
        else resolve(group.items.map((i) => `done:${i}`));
      }),
    );
  };
  const release = async () => {
    await flush();
    const gate = gates.shift();
    if (!gate) throw new Error('no write waiting');
    gate();
    await flush();
  };
  return { groups, write, release, failWhen: (f: typeof failWith) => (failWith = f), pending: () => gates.length };
}

const flush = () => new Promise((r) => setImmediate(r));
const overloaded = (queued: number) => new Error(`overloaded ${queued}`);

describe('AgentWriteCombiner', () => {
  it('writes the first submission at once and combines those that arrive meanwhile into one write', async () => {
    const w = gatedWriter();
    const c = new AgentWriteCombiner<string, string>(10, 100, overloaded);
    const first = c.submit('agent', ['a'], w.write);
    await flush();
    const second = c.submit('agent', ['b', 'c'], w.write);
    const third = c.submit('agent', ['d'], w.write);
    expect(w.groups).toEqual([{ items: ['a'], calls: 1 }]);
    await w.release();
    expect(await first).toEqual(['done:a']);
    expect(w.groups[1]).toEqual({ items: ['b', 'c', 'd'], calls: 2 });
    await w.release();
    expect(await second).toEqual(['done:b', 'done:c']);
    expect(await third).toEqual(['done:d']);
    expect(c.activeKeys).toBe(0);
  });

  it('never has two writes of one key in flight, but different keys run side by side', async () => {
    const w = gatedWriter();
    const c = new AgentWriteCombiner<string, string>(10, 100, overloaded);
    void c.submit('x', ['1'], w.write);
    void c.submit('x', ['2'], w.write);
    void c.submit('y', ['3'], w.write);
    await flush();
    expect(w.pending()).toBe(2);
    expect(w.groups.map((g) => g.items)).toEqual([['1'], ['3']]);
  });

  it('keeps a combined write within maxItems, in arrival order', async () => {
    const w = gatedWriter();
    const c = new AgentWriteCombiner<string, string>(3, 100, overloaded);
    void c.submit('k', ['a'], w.write);
    await flush();
    const later = [c.submit('k', ['b', 'c'], w.write), c.submit('k', ['d', 'e'], w.write), c.submit('k', ['f'], w.write)];
    await w.release();
    expect(w.groups[1]?.items).toEqual(['b', 'c']);
    await w.release();
    expect(w.groups[2]?.items).toEqual(['d', 'e', 'f']);
    await w.release();
    expect(await Promise.all(later)).toEqual([['done:b', 'done:c'], ['done:d', 'done:e'], ['done:f']]);
  });

  it('retries each call of a failed combined write alone, so one bad call fails only itself', async () => {
    const w = gatedWriter();
    const c = new AgentWriteCombiner<string, string>(10, 100, overloaded);
    w.failWhen((g) => (g.items.includes('bad') ? new Error('bad item') : null));
    void c.submit('k', ['a'], w.write);
    await flush();
    const good = c.submit('k', ['b'], w.write);
    const bad = c.submit('k', ['bad'], w.write);
    const settled = Promise.allSettled([good, bad]);
    await w.release(); // 'a'
    await w.release(); // ['b', 'bad'] fails
    await w.release(); // 'b' alone
    await w.release(); // 'bad' alone
    const [g, b] = await settled;
    expect(g).toEqual({ status: 'fulfilled', value: ['done:b'] });
    expect(b).toMatchObject({ status: 'rejected', reason: new Error('bad item') });
  });

  it('refuses a submission when too many items already wait for the key', async () => {
    const w = gatedWriter();
    const c = new AgentWriteCombiner<string, string>(10, 3, overloaded);
    void c.submit('k', ['a'], w.write);
    await flush();
    void c.submit('k', ['b', 'c'], w.write);
    await expect(c.submit('k', ['d', 'e'], w.write)).rejects.toThrow('overloaded 2');
    // Another key is unaffected.
    void c.submit('other', ['z'], w.write);
    await flush();
    expect(w.groups.at(-1)?.items).toEqual(['z']);
  });
});
