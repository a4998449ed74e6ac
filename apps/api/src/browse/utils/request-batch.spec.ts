import { BatchLoader, loaderFor } from './request-batch';

describe('BatchLoader', () => {
  it('answers the loads of one turn with one fetch of their distinct keys, and caches them', async () => {
    const fetches: (readonly string[])[] = [];
    const loader = new BatchLoader<string, number>(async (keys) => {
      fetches.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.length]));
    });
    const [a, b, again, missing] = await Promise.all([loader.load('a'), loader.load('bb'), loader.load('a'), loader.load('missing')]);
    expect([a, b, again, missing]).toEqual([1, 2, 1, undefined]);
    expect(fetches).toEqual([['a', 'bb', 'missing']]);
    expect(await loader.load('bb')).toBe(2);
    expect(await loader.load('ccc')).toBe(3);
    expect(fetches).toEqual([['a', 'bb', 'missing'], ['ccc']]);
  });

  it('rejects every load of a batch whose fetch failed', async () => {
    const loader = new BatchLoader<string, number>(() => Promise.reject(new Error('down')));
    await expect(Promise.all([loader.load('a'), loader.load('b')])).rejects.toThrow('down');
  });

  it('keeps one loader per request and name', () => {
    const request = {};
    const make = () => new BatchLoader<string, number>(async () => new Map());
    const first = loaderFor(request, 'details', make);
    expect(loaderFor(request, 'details', make)).toBe(first);
    expect(loaderFor(request, 'neighbours:10', make)).not.toBe(first);
    expect(loaderFor({}, 'details', make)).not.toBe(first);
  });
});
