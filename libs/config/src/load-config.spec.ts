import { availableParallelism } from 'node:os';
import { APPRAISAL_BLEND, DEFAULT_ARCHIVE_THRESHOLDS } from '@limbic/affect';
import { ConfigError } from './config.error';
import { loadConfig } from './load-config';

describe('loadConfig', () => {
  it('gives local defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.neo4j.uri).toBe('bolt://127.0.0.1:7687');
    expect(c.redis).toEqual({ mode: 'standalone', url: 'redis://127.0.0.1:6379' });
    expect(c.api).toMatchObject({ host: '127.0.0.1', port: 4000 });
    expect(c.singleTenant).toBe(true);
    expect(c.embedder.kind).toBe('auto');
    expect(c.embedder.local).toEqual({ model: 'bge-small-en-v1.5', modelDir: null, batchSize: 32, threads: 0 });
    expect(c.limits.maxContentBytes).toBe(32 * 1024);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ LIMBIC_PORT: 'eighty' })).toThrow(/LIMBIC_PORT/);
    expect(() => loadConfig({ LIMBIC_PORT: '70000' })).toThrow(/LIMBIC_PORT/);
    expect(() => loadConfig({ NEO4J_URI: 'http://x:7474' })).toThrow(/NEO4J_URI/);
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ LIMBIC_EMBEDDER: 'magic' })).toThrow(/LIMBIC_EMBEDDER/);
  });

  it('reports every problem at once as a ConfigError', () => {
    try {
      loadConfig({ LIMBIC_PORT: '-1', LIMBIC_HASH_DIM: '3' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems.join('\n')).toMatch(/LIMBIC_PORT[\s\S]*LIMBIC_HASH_DIM|LIMBIC_HASH_DIM[\s\S]*LIMBIC_PORT/);
    }
  });

  it('takes the vector index refresh interval as 0 (off) or at least a second', () => {
    expect(loadConfig({}).worker.indexRefreshIntervalMs).toBe(30_000);
    expect(loadConfig({ LIMBIC_INDEX_REFRESH_INTERVAL_MS: '0' }).worker.indexRefreshIntervalMs).toBe(0);
    expect(loadConfig({ LIMBIC_INDEX_REFRESH_INTERVAL_MS: '5000' }).worker.indexRefreshIntervalMs).toBe(5000);
    expect(() => loadConfig({ LIMBIC_INDEX_REFRESH_INTERVAL_MS: '500' })).toThrow(/LIMBIC_INDEX_REFRESH_INTERVAL_MS/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ LIMBIC_PORT: '' }).api.port).toBe(4000);
  });

  it('maps API keys to tenants', () => {
    const c = loadConfig({ LIMBIC_API_KEYS: 'alpha-key-123:acme, beta-key-456:globex' });
    expect(c.singleTenant).toBe(false);
    expect(c.apiKeys.get('alpha-key-123')).toBe('acme');
    expect(c.apiKeys.get('beta-key-456')).toBe('globex');
  });

  it('rejects short keys and bad tenant ids', () => {
    expect(() => loadConfig({ LIMBIC_API_KEYS: 'short:acme' })).toThrow(/LIMBIC_API_KEYS/);
    expect(() => loadConfig({ LIMBIC_API_KEYS: 'long-enough-key:bad tenant' })).toThrow(/LIMBIC_API_KEYS/);
  });

  it('refuses to expose single-tenant mode beyond loopback', () => {
    expect(() => loadConfig({ LIMBIC_HOST: '0.0.0.0' })).toThrow(/LIMBIC_HOST/);
    expect(loadConfig({ LIMBIC_HOST: '0.0.0.0', LIMBIC_API_KEYS: 'long-enough-key:acme' }).api.host).toBe('0.0.0.0');
  });

  it('requires a key for the hosted OpenAI endpoint', () => {
    expect(() => loadConfig({ LIMBIC_EMBEDDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(loadConfig({ LIMBIC_EMBEDDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/' }).embedder.openai.baseUrl).toBe(
      'http://127.0.0.1:11434/v1',
    );
  });

  it('configures the slow-path appraiser: lexicon by default, llm only with a URL and a model', () => {
    expect(loadConfig({}).appraiser).toEqual({ kind: 'lexicon', llm: null, givenAffectTrust: 1 });
    expect(() => loadConfig({ LIMBIC_APPRAISER: 'llm' })).toThrow(/LIMBIC_LLM_BASE_URL, LIMBIC_LLM_MODEL/);
    expect(() => loadConfig({ LIMBIC_APPRAISER: 'llm', LIMBIC_LLM_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/LIMBIC_LLM_MODEL/);
    expect(() => loadConfig({ LIMBIC_APPRAISER: 'oracle' })).toThrow(/LIMBIC_APPRAISER/);
    expect(() => loadConfig({ LIMBIC_LLM_TIMEOUT_MS: '5' })).toThrow(/LIMBIC_LLM_TIMEOUT_MS/);
    const c = loadConfig({
      LIMBIC_APPRAISER: 'llm',
      LIMBIC_LLM_BASE_URL: 'http://127.0.0.1:8080/v1/',
      LIMBIC_LLM_MODEL: 'qwen2.5:3b',
      LIMBIC_LLM_TIMEOUT_MS: '2500',
    });
    expect(c.appraiser).toEqual({
      kind: 'llm',
      llm: { baseUrl: 'http://127.0.0.1:8080/v1', apiKey: '', model: 'qwen2.5:3b', timeoutMs: 2500, cacheSize: 2000 },
      givenAffectTrust: 1,
    });
  });

  it('reads the trust in a caller-given affect (LIMBIC_GIVEN_AFFECT_TRUST), in [0, 1]', () => {
    expect(loadConfig({}).appraiser.givenAffectTrust).toBe(APPRAISAL_BLEND.givenAffectTrust);
    expect(loadConfig({ LIMBIC_GIVEN_AFFECT_TRUST: '0.3' }).appraiser.givenAffectTrust).toBe(0.3);
    expect(() => loadConfig({ LIMBIC_GIVEN_AFFECT_TRUST: '1.5' })).toThrow(/LIMBIC_GIVEN_AFFECT_TRUST/);
  });

  it('configures the local embedder: auto by default, model folder, batch and threads', () => {
    expect(loadConfig({ LIMBIC_EMBEDDER: 'local' }).embedder.kind).toBe('local');
    expect(loadConfig({ LIMBIC_EMBEDDER: 'hash' }).embedder.kind).toBe('hash');
    const c = loadConfig({ LIMBIC_MODEL_DIR: '/models/bge-small-en-v1.5', LIMBIC_EMBED_BATCH: '8', LIMBIC_EMBED_THREADS: '2' });
    expect(c.embedder.local).toEqual({ model: 'bge-small-en-v1.5', modelDir: '/models/bge-small-en-v1.5', batchSize: 8, threads: 2 });
    expect(loadConfig({ LIMBIC_EMBEDDER_MODEL: 'all-MiniLM-L6-v2' }).embedder.local.model).toBe('all-MiniLM-L6-v2');
    expect(() => loadConfig({ LIMBIC_EMBEDDER_MODEL: 'gpt-embed' })).toThrow(/LIMBIC_EMBEDDER_MODEL/);
    expect(() => loadConfig({ LIMBIC_EMBED_BATCH: '0' })).toThrow(/LIMBIC_EMBED_BATCH/);
  });

  it('bounds query cost and rate-limits each tenant by default, except in single-tenant mode', () => {
    const keys = { LIMBIC_API_KEYS: 'alpha-key-123:acme' };
    expect(loadConfig({}).limits.maxQueryCost).toBe(1000);
    expect(loadConfig({}).rateLimit.default).toEqual({ costPerSec: 0, burst: 5000 });
    expect(loadConfig({ LIMBIC_RATE_LIMIT_COST_PER_SEC: '50' }).rateLimit.default.costPerSec).toBe(50);
    expect(loadConfig(keys).rateLimit).toEqual({ default: { costPerSec: 1000, burst: 5000 }, tenants: new Map() });
    expect(loadConfig({ ...keys, LIMBIC_RATE_LIMIT_COST_PER_SEC: '0' }).rateLimit.default.costPerSec).toBe(0);
  });

  it('takes per-tenant rate limits as JSON, the burst defaulting to LIMBIC_RATE_LIMIT_BURST', () => {
    const c = loadConfig({ LIMBIC_RATE_LIMIT_TENANTS: '{"acme":{"costPerSec":50,"burst":2000},"internal":{"costPerSec":0}}' });
    expect([...c.rateLimit.tenants]).toEqual([
      ['acme', { costPerSec: 50, burst: 2000 }],
      ['internal', { costPerSec: 0, burst: 5000 }],
    ]);
    expect(() => loadConfig({ LIMBIC_RATE_LIMIT_TENANTS: '{"acme":' })).toThrow(/LIMBIC_RATE_LIMIT_TENANTS: not valid JSON/);
    expect(() => loadConfig({ LIMBIC_RATE_LIMIT_TENANTS: '{"acme":{"costPerSecond":5}}' })).toThrow(/LIMBIC_RATE_LIMIT_TENANTS/);
    expect(() => loadConfig({ LIMBIC_RATE_LIMIT_TENANTS: '{"bad tenant":{"costPerSec":5}}' })).toThrow(/LIMBIC_RATE_LIMIT_TENANTS/);
  });

  it('refuses a bucket smaller than the cost budget (such an operation could never pass)', () => {
    expect(() => loadConfig({ LIMBIC_RATE_LIMIT_COST_PER_SEC: '10', LIMBIC_RATE_LIMIT_BURST: '999' })).toThrow(/LIMBIC_RATE_LIMIT_BURST.*LIMBIC_MAX_QUERY_COST \(1000\)/);
    expect(loadConfig({ LIMBIC_RATE_LIMIT_COST_PER_SEC: '10', LIMBIC_RATE_LIMIT_BURST: '200', LIMBIC_MAX_QUERY_COST: '200' }).rateLimit.default.burst).toBe(200);
    expect(() => loadConfig({ LIMBIC_RATE_LIMIT_TENANTS: '{"acme":{"costPerSec":5,"burst":10}}' })).toThrow(/acme's burst/);
    // Off needs no bucket.
    expect(loadConfig({ LIMBIC_RATE_LIMIT_COST_PER_SEC: '0', LIMBIC_RATE_LIMIT_BURST: '1' }).rateLimit.default.costPerSec).toBe(0);
  });

  it('limits the pending-appraisal sweep to listed tenants, or none', () => {
    expect(loadConfig({}).worker.sweepTenants).toEqual([]);
    expect(loadConfig({ LIMBIC_SWEEP_TENANTS: ' acme, globex ,' }).worker.sweepTenants).toEqual(['acme', 'globex']);
    expect(() => loadConfig({ LIMBIC_SWEEP_TENANTS: 'acme,bad tenant' })).toThrow(/LIMBIC_SWEEP_TENANTS/);
    expect(loadConfig({ LIMBIC_REVIEW_TENANTS: ' acme, globex ,' }).consolidation.tenants).toEqual(['acme', 'globex']);
    expect(loadConfig({}).consolidation.tenants).toBeNull();
    expect(() => loadConfig({ LIMBIC_REVIEW_TENANTS: 'acme,bad tenant' })).toThrow(/LIMBIC_REVIEW_TENANTS/);
  });

  it('reads Redis Sentinel or Cluster nodes as host:port lists, and refuses both at once or a malformed entry', () => {
    const sentinel = loadConfig({ LIMBIC_REDIS_SENTINELS: 'r1:26379, [::1]:26380', LIMBIC_REDIS_SENTINEL_NAME: 'limbic', LIMBIC_REDIS_PASSWORD: 'pw' }).redis;
    expect(sentinel).toEqual({
      mode: 'sentinel',
      sentinels: [{ host: 'r1', port: 26379 }, { host: '::1', port: 26380 }],
      name: 'limbic',
      sentinelPassword: null,
      username: null,
      password: 'pw',
      tls: false,
    });
    expect(loadConfig({ LIMBIC_REDIS_CLUSTER_NODES: 'n1:7000,n2:7001', LIMBIC_REDIS_TLS: 'true' }).redis).toEqual({
      mode: 'cluster',
      nodes: [{ host: 'n1', port: 7000 }, { host: 'n2', port: 7001 }],
      username: null,
      password: null,
      tls: true,
    });
    expect(() => loadConfig({ LIMBIC_REDIS_SENTINELS: 'r1:26379', LIMBIC_REDIS_CLUSTER_NODES: 'n1:7000' })).toThrow(/not both/);
    expect(() => loadConfig({ LIMBIC_REDIS_SENTINELS: 'r1' })).toThrow(/LIMBIC_REDIS_SENTINELS.*"r1" is not host:port/);
    expect(() => loadConfig({ LIMBIC_REDIS_CLUSTER_NODES: 'n1:99999' })).toThrow(/LIMBIC_REDIS_CLUSTER_NODES/);
    expect(() => loadConfig({ LIMBIC_REDIS_CLUSTER_NODES: ' , ' })).toThrow(/at least one/);
  });

  it('derives one consistency secret from the shared Neo4j credentials, unless one is set', () => {
    const a = loadConfig({ NEO4J_URI: 'neo4j://core-1:7687', NEO4J_PASSWORD: 'shared-password' }).api.consistencySecret;
    const b = loadConfig({ NEO4J_URI: 'neo4j://core-2:7687', NEO4J_PASSWORD: 'shared-password' }).api.consistencySecret;
    expect(a).toBe(b);
    expect(loadConfig({ NEO4J_PASSWORD: 'another-password' }).api.consistencySecret).not.toBe(a);
    expect(loadConfig({ LIMBIC_CONSISTENCY_SECRET: 'sixteen-chars-at-least' }).api.consistencySecret).toBe('sixteen-chars-at-least');
    expect(() => loadConfig({ LIMBIC_CONSISTENCY_SECRET: 'short' })).toThrow(/LIMBIC_CONSISTENCY_SECRET/);
  });

  it('reads the pending-work sweep period as LIMBIC_PENDING_SWEEP_INTERVAL_MS, the old LIMBIC_SWEEP_INTERVAL_MS with a deprecation warning', () => {
    expect(loadConfig({}).worker.pendingSweepIntervalMs).toBe(30_000);
    const warnings: string[] = [];
    expect(loadConfig({ LIMBIC_PENDING_SWEEP_INTERVAL_MS: '2000' }, (w) => warnings.push(w)).worker.pendingSweepIntervalMs).toBe(2000);
    expect(warnings).toEqual([]);
    expect(loadConfig({ LIMBIC_SWEEP_INTERVAL_MS: '5000' }, (w) => warnings.push(w)).worker.pendingSweepIntervalMs).toBe(5000);
    expect(warnings).toEqual(['LIMBIC_SWEEP_INTERVAL_MS is deprecated and will be refused in the next release; rename it to LIMBIC_PENDING_SWEEP_INTERVAL_MS']);
    // The old name's value is checked like the new one's.
    expect(() => loadConfig({ LIMBIC_SWEEP_INTERVAL_MS: '10' })).toThrow(/LIMBIC_PENDING_SWEEP_INTERVAL_MS/);
    expect(() => loadConfig({ LIMBIC_SWEEP_INTERVAL_MS: '5000', LIMBIC_PENDING_SWEEP_INTERVAL_MS: '2000' })).toThrow(
      /LIMBIC_SWEEP_INTERVAL_MS, LIMBIC_PENDING_SWEEP_INTERVAL_MS: .*set only LIMBIC_PENDING_SWEEP_INTERVAL_MS/,
    );
  });

  it('stops boot on a removed variable, saying what replaces it', () => {
    expect(() => loadConfig({ LIMBIC_LINK_CACHE_MB: '64' })).toThrow(/LIMBIC_LINK_CACHE_MB: removed .*unset it/);
    expect(() => loadConfig({ LIMBIC_APPRAISAL_CONCURRENCY: '4', LIMBIC_PORT: 'x' })).toThrow(/LIMBIC_APPRAISAL_CONCURRENCY[\s\S]*LIMBIC_PORT/);
    expect(loadConfig({ LIMBIC_LINK_CACHE_MB: '' }).api.port).toBe(4000);
  });

  it('archives with libs/affect thresholds unless an operator tunes them, each in [0, 1]', () => {
    expect(loadConfig({}).consolidation.archive).toEqual(DEFAULT_ARCHIVE_THRESHOLDS);
    expect(loadConfig({ LIMBIC_ARCHIVE_STRENGTH_BELOW: '0.1' }).consolidation.archive).toEqual({ ...DEFAULT_ARCHIVE_THRESHOLDS, strengthBelow: 0.1 });
    expect(loadConfig({ LIMBIC_ARCHIVE_IMPORTANCE_BELOW: '0.5' }).consolidation.archive.importanceBelow).toBe(0.5);
    expect(() => loadConfig({ LIMBIC_ARCHIVE_IMPORTANCE_BELOW: '2' })).toThrow(/LIMBIC_ARCHIVE_IMPORTANCE_BELOW/);
  });

  it('refuses an API key given twice', () => {
    expect(() => loadConfig({ LIMBIC_API_KEYS: 'alpha-key-123:acme,alpha-key-123:globex' })).toThrow(/LIMBIC_API_KEYS: a key appears twice/);
  });

  it('takes the queue overrides as queue → setting → number, nothing else', () => {
    expect(loadConfig({ LIMBIC_QUEUE_SETTINGS: '{"appraisal":{"concurrency":16}}' }).queueSettings).toEqual({ appraisal: { concurrency: 16 } });
    expect(loadConfig({}).queueSettings).toEqual({});
    expect(() => loadConfig({ LIMBIC_QUEUE_SETTINGS: '[1]' })).toThrow(/LIMBIC_QUEUE_SETTINGS: must be/);
    expect(() => loadConfig({ LIMBIC_QUEUE_SETTINGS: '{"appraisal":[1]}' })).toThrow(/LIMBIC_QUEUE_SETTINGS: must be/);
  });

  it('turns introspection off in production unless asked for, and caps active units at the pool size', () => {
    expect(loadConfig({}).introspection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).introspection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LIMBIC_GRAPHQL_INTROSPECTION: 'yes' }).introspection).toBe(true);
    expect(loadConfig({ NEO4J_MAX_ACTIVE: '64', NEO4J_MAX_POOL_SIZE: '8' }).neo4j.maxActive).toBe(8);
    expect(loadConfig({ NEO4J_MAX_ACTIVE: '3' }).neo4j.maxActive).toBe(3);
    // Shared between active tenants: the cores by default, never more than maxActive.
    expect(loadConfig({}).neo4j.sharedActive).toBe(Math.max(2, availableParallelism()));
    expect(loadConfig({ NEO4J_MAX_ACTIVE: '3', NEO4J_SHARED_ACTIVE: '8' }).neo4j.sharedActive).toBe(3);
    expect(loadConfig({ NEO4J_SHARED_ACTIVE: '1' }).neo4j.sharedActive).toBe(1);
  });
});
