import { EmbedderPool, embedderNameOf, UnknownModelError } from './embedder-pool';
import { HashEmbedder } from './hash.embedder';

const settings = { local: { model: 'bge-small-en-v1.5' as const, modelDir: null, batchSize: 8, threads: 1 } };

describe('embedderNameOf', () => {
  it('accepts local models by bare or full name, and hash dimensions', () => {
    expect(embedderNameOf('bge-small-en-v1.5')).toBe('local:bge-small-en-v1.5');
    expect(embedderNameOf('local:all-MiniLM-L6-v2')).toBe('local:all-MiniLM-L6-v2');
    expect(embedderNameOf('hash-256')).toBe('hash-256');
  });

  it('refuses anything else with a typed error', () => {
    for (const bad of ['gpt-5', 'hash-8', 'hash-', 'local:nope', '']) expect(() => embedderNameOf(bad)).toThrow(UnknownModelError);
  });
});

describe('EmbedderPool', () => {
  it('serves the configured embedder under its name and makes one instance per other model', () => {
    const configured = new HashEmbedder(384);
    const pool = new EmbedderPool(configured, settings as never, () => '/nowhere');
    expect(pool.get('hash-384')).toBe(configured);
    const other = pool.get('hash-256');
    expect(other.dimension).toBe(256);
    expect(pool.get('hash-256')).toBe(other);
  });
});
