import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('forgets the least recently used entry first', () => {
    const c = new LruCache<string, number>(2);
    c.set('a', 1);
    c.set('b', 2);
    expect(c.get('a')).toBe(1); // a is now the most recent
    c.set('c', 3);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe(1);
    expect(c.get('c')).toBe(3);
    expect(c.size).toBe(2);
  });

  it('keeps nothing with capacity 0', () => {
    const c = new LruCache<string, number>(0);
    c.set('a', 1);
    expect(c.get('a')).toBeUndefined();
  });
});
