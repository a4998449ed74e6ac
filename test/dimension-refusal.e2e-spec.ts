import { startProcess, testPort } from './support/processes';

/**
 * The API process refuses to start on an embedding dimension the vector index was not built
 * for, with a message and no stack trace. The graph layer's own behaviour on the real Neo4j
 * (migrations, transaction metadata, retries) is test/integration/graph-foundation.int-spec.ts.
 */
describe('start-up on a vector index of another dimension', () => {
  it('refuses to start when the embedder dimension does not match the vector index', async () => {
    // The suite's database has the 384-d index; an API configured for 64-d must stop, clearly.
    const api = startProcess('api', { LIMBIC_PORT: String(testPort()), LIMBIC_EMBEDDER: 'hash', LIMBIC_HASH_DIM: '64', LIMBIC_WORKER_PORT: '0' });
    const code = await new Promise<number | null | 'running'>((resolve) => {
      if (api.child.exitCode !== null) return resolve(api.child.exitCode);
      const timer = setTimeout(() => resolve('running'), 45_000);
      api.child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    if (code === 'running') await api.stop();
    expect(code).toBe(1);
    expect(api.output()).toMatch(/Limbic API failed to start: vector index memory_embedding_hnsw has dimension 384, but embedder hash-64 produces 64\. Either configure an embedder of dimension 384/);
    expect(api.output()).not.toMatch(/\n\s+at /); // the message, not a stack trace
  });
});
