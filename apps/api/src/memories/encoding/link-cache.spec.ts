import type { LimbicConfig } from '@limbic/config';
import { buildAgentEmbeddings, sizeOf, type AgentEmbeddings } from './agent-embeddings';
import { LinkCache } from './link-cache';

function cacheOf(bytes: number): LinkCache {
  return new LinkCache({ limits: { linkCacheBytes: bytes } } as unknown as LimbicConfig);
}

function copyOf(memories: number): AgentEmbeddings {
  const copy = buildAgentEmbeddings(
    'e',
    memories,
    Array.from({ length: memories }, (_, i) => ({ id: `m${i}`, embedding: [1, i, 0, 0] })),
  );
  if (!copy) throw new Error('copy expected');
  return copy;
}

describe('LinkCache', () => {
  it('drops the least recently used agents once over its byte budget', () => {
    const one = sizeOf(copyOf(10));
    const cache = cacheOf(one * 2 + 1);
    cache.put('t', 'a', copyOf(10));
    cache.put('t', 'b', copyOf(10));
    expect(cache.get('t', 'a')).not.toBeNull(); // a is now the most recent
    cache.put('t', 'c', copyOf(10));
    expect(cache.get('t', 'b')).toBeNull();
    expect(cache.get('t', 'a')).not.toBeNull();
    expect(cache.get('t', 'c')).not.toBeNull();
    expect(cache.stats()).toEqual({ agents: 2, bytes: 2 * one });
  });

  it('keeps agents of different tenants apart, and forgets an agent on put(null) or drop', () => {
    const cache = cacheOf(1 << 20);
    cache.put('t1', 'a', copyOf(2));
    expect(cache.get('t2', 'a')).toBeNull();
    cache.put('t1', 'a', null);
    expect(cache.get('t1', 'a')).toBeNull();
    cache.put('t1', 'a', copyOf(2));
    cache.drop('t1', 'a');
    expect(cache.stats()).toEqual({ agents: 0, bytes: 0 });
  });

  it('holds nothing when its budget is 0', () => {
    const cache = cacheOf(0);
    expect(cache.enabled).toBe(false);
    cache.put('t', 'a', copyOf(1));
    expect(cache.get('t', 'a')).toBeNull();
  });
});

describe('LinkCache admission', () => {
  it('admits an agent for a copy from its second encode on, or while it has one', () => {
    const cache = cacheOf(1 << 20);
    expect(cache.admits('t', 'a')).toBe(false);
    expect(cache.admits('t', 'a')).toBe(true);
    expect(cache.admits('t', 'b')).toBe(false);
    cache.put('t', 'c', copyOf(2));
    expect(cache.admits('t', 'c')).toBe(true);
  });
});
