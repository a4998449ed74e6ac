import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConfigError } from './config.error';
import { z } from 'zod';
import { envSchema, type ParsedEnv } from './config.schema';
import { LOCAL_TENANT, type LimbicConfig, type RateLimit, type RateLimitSettings, type RedisSettings } from './config.types';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Validates the environment once into a typed, frozen config. Throws a ConfigError naming
 * every bad variable, so a misconfigured process stops before it touches any store.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): LimbicConfig {
  // Empty strings mean "unset" so that `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];

  const apiKeys = parseApiKeys(e.LIMBIC_API_KEYS, problems);
  const singleTenant = apiKeys.size === 0;
  if (singleTenant && !LOOPBACK.has(e.LIMBIC_HOST)) {
    problems.push(
      `LIMBIC_HOST: refusing to bind ${e.LIMBIC_HOST} without LIMBIC_API_KEYS (single-tenant mode is loopback only)`,
    );
  }
  if (e.LIMBIC_EMBEDDER === 'openai' && e.OPENAI_API_KEY === '' && e.OPENAI_BASE_URL.startsWith('https://api.openai.com')) {
    problems.push('OPENAI_API_KEY: required when LIMBIC_EMBEDDER=openai talks to api.openai.com');
  }
  if (e.LIMBIC_CLOCK_OFFSET_MS !== 0 && e.NODE_ENV !== 'test') {
    problems.push('LIMBIC_CLOCK_OFFSET_MS: only accepted when NODE_ENV=test');
  }
  if (e.LIMBIC_ADMIN_KEY !== '' && e.LIMBIC_ADMIN_KEY.length < 16) {
    problems.push('LIMBIC_ADMIN_KEY: must be at least 16 characters');
  }
  if (e.LIMBIC_APPRAISER === 'llm' && (e.LIMBIC_LLM_BASE_URL === undefined || e.LIMBIC_LLM_MODEL === undefined)) {
    problems.push('LIMBIC_LLM_BASE_URL, LIMBIC_LLM_MODEL: both required when LIMBIC_APPRAISER=llm');
  }
  if (e.LIMBIC_APPRAISAL_CONCURRENCY !== undefined) {
    problems.push(`LIMBIC_APPRAISAL_CONCURRENCY: removed; set LIMBIC_QUEUE_SETTINGS='{"appraisal":{"concurrency":${e.LIMBIC_APPRAISAL_CONCURRENCY}}}'`);
  }
  if (e.LIMBIC_LINK_CACHE_MB !== undefined) {
    problems.push('LIMBIC_LINK_CACHE_MB: removed (encode finds link candidates with the filtered vector index, so there is no cache to size); unset it');
  }
  const rateLimit = parseRateLimits(e, singleTenant, problems);
  const queueSettings = parseQueueSettings(e.LIMBIC_QUEUE_SETTINGS, problems);
  const sweepTenants = e.LIMBIC_SWEEP_TENANTS.split(',').map((t) => t.trim()).filter(Boolean);
  const badSweepTenant = sweepTenants.find((t) => !TENANT_ID.test(t));
  if (badSweepTenant !== undefined) problems.push(`LIMBIC_SWEEP_TENANTS: tenant "${badSweepTenant}" must match ${TENANT_ID.source}`);
  const reviewTenants = e.LIMBIC_REVIEW_TENANTS.split(',').map((t) => t.trim()).filter(Boolean);
  const badReviewTenant = reviewTenants.find((t) => !TENANT_ID.test(t));
  if (badReviewTenant !== undefined) problems.push(`LIMBIC_REVIEW_TENANTS: tenant "${badReviewTenant}" must match ${TENANT_ID.source}`);
  const redis = redisSettings(e, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  return Object.freeze({
    env: e.NODE_ENV,
    logLevel: e.LIMBIC_LOG_LEVEL,
    neo4j: {
      uri: e.NEO4J_URI,
      user: e.NEO4J_USER,
      password: e.NEO4J_PASSWORD,
      database: e.NEO4J_DATABASE,
      maxPoolSize: e.NEO4J_MAX_POOL_SIZE,
      // More units at once than a few per core only time-share the CPU, and a flooding
      // tenant's then fill it; fewer, in the gate's round-robin line, let another tenant's next
      // unit go next (bench/load README, flood: B's p99 797 → 370 ms at 4 on 2 cores).
      maxActive: Math.min(e.NEO4J_MAX_ACTIVE ?? Math.max(4, 2 * availableParallelism()), e.NEO4J_MAX_POOL_SIZE),
      maxWaiting: e.NEO4J_MAX_WAITING,
      maxWaitMs: e.NEO4J_MAX_WAIT_MS,
      txTimeoutMs: e.NEO4J_TX_TIMEOUT_MS,
    },
    redis,
    api: { host: e.LIMBIC_HOST, port: e.LIMBIC_PORT, consistencySecret: e.LIMBIC_CONSISTENCY_SECRET ?? derivedSecret(e) },
    worker: {
      host: e.LIMBIC_WORKER_HOST,
      port: e.LIMBIC_WORKER_PORT,
      sweepIntervalMs: e.LIMBIC_SWEEP_INTERVAL_MS,
      sweepPageSize: e.LIMBIC_SWEEP_PAGE_SIZE,
      sweepPageMs: e.LIMBIC_SWEEP_PAGE_MS,
      reembedBatch: e.LIMBIC_REEMBED_BATCH,
      sweepTenants,
      recallRecordRetentionMs: e.LIMBIC_RECALL_RECORD_RETENTION_MS,
      indexRefreshIntervalMs: e.LIMBIC_INDEX_REFRESH_INTERVAL_MS,
    },
    stateHistory: { size: e.LIMBIC_STATE_HISTORY_SIZE, spacingMs: e.LIMBIC_STATE_HISTORY_SPACING_MS },
    apiKeys,
    singleTenant,
    embedder: {
      kind: e.LIMBIC_EMBEDDER,
      hashDimension: e.LIMBIC_HASH_DIM,
      openai: {
        baseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
        apiKey: e.OPENAI_API_KEY,
        model: e.OPENAI_EMBEDDING_MODEL,
        dimension: e.OPENAI_EMBEDDING_DIM,
        timeoutMs: e.OPENAI_TIMEOUT_MS,
        maxRetries: e.OPENAI_MAX_RETRIES,
        batchSize: e.OPENAI_BATCH_SIZE,
      },
      local: {
        model: e.LIMBIC_EMBEDDER_MODEL,
        modelDir: e.LIMBIC_MODEL_DIR ?? null,
        batchSize: e.LIMBIC_EMBED_BATCH,
        threads: e.LIMBIC_EMBED_THREADS,
      },
    },
    limits: {
      maxContentBytes: e.LIMBIC_MAX_CONTENT_BYTES,
      maxBatchItems: e.LIMBIC_MAX_BATCH_ITEMS,
      maxRequestBytes: e.LIMBIC_MAX_REQUEST_BYTES,
      maxTags: e.LIMBIC_MAX_TAGS,
      maxTopK: e.LIMBIC_MAX_TOP_K,
      maxQueryComplexity: e.LIMBIC_GRAPHQL_MAX_COMPLEXITY,
      maxQueryCost: e.LIMBIC_MAX_QUERY_COST,
    },
    rateLimit,
    runMigrations: e.LIMBIC_RUN_MIGRATIONS,
    introspection: e.LIMBIC_GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== 'production',
    appraiser: {
      kind: e.LIMBIC_APPRAISER,
      llm:
        e.LIMBIC_APPRAISER === 'llm' && e.LIMBIC_LLM_BASE_URL !== undefined && e.LIMBIC_LLM_MODEL !== undefined
          ? {
              baseUrl: e.LIMBIC_LLM_BASE_URL.replace(/\/+$/, ''),
              apiKey: e.LIMBIC_LLM_API_KEY,
              model: e.LIMBIC_LLM_MODEL,
              timeoutMs: e.LIMBIC_LLM_TIMEOUT_MS,
              cacheSize: e.LIMBIC_LLM_CACHE_SIZE,
            }
          : null,
      givenAffectTrust: e.LIMBIC_GIVEN_AFFECT_TRUST,
    },
    ops: {
      adminKey: e.LIMBIC_ADMIN_KEY,
      logFormat: e.LIMBIC_LOG_FORMAT,
      queuePrefix: e.LIMBIC_QUEUE_PREFIX,
      clockOffsetMs: e.LIMBIC_CLOCK_OFFSET_MS,
    },
    consolidation: {
      sweepIntervalMs: e.LIMBIC_REVIEW_SWEEP_INTERVAL_MS,
      horizonMs: e.LIMBIC_REVIEW_HORIZON_MS,
      sweepMax: e.LIMBIC_REVIEW_SWEEP_MAX,
      tenants: reviewTenants.length === 0 ? null : reviewTenants,
      archiveStrengthBelow: e.LIMBIC_ARCHIVE_STRENGTH_BELOW,
      archiveImportanceBelow: e.LIMBIC_ARCHIVE_IMPORTANCE_BELOW,
    },
    queueSettings,
  });
}

/** chosen: a tenant's sustained cost per second when LIMBIC_RATE_LIMIT_COST_PER_SEC is unset (≈ 35 recalls or 90 encodes a second). */
const DEFAULT_COST_PER_SEC = 1000;

/**
 * The default bucket and the per-tenant overrides. Single-tenant mode has no other tenant to
 * protect, so its limit is off unless set. A bucket smaller than the query cost budget would
 * refuse forever an operation the budget admits: that stops boot instead.
 */
function parseRateLimits(e: ParsedEnv, singleTenant: boolean, problems: string[]): RateLimitSettings {
  const fallback: RateLimit = { costPerSec: e.LIMBIC_RATE_LIMIT_COST_PER_SEC ?? (singleTenant ? 0 : DEFAULT_COST_PER_SEC), burst: e.LIMBIC_RATE_LIMIT_BURST };
  const tooSmall = (limit: RateLimit) => limit.costPerSec > 0 && limit.burst < e.LIMBIC_MAX_QUERY_COST;
  if (tooSmall(fallback)) problems.push(`LIMBIC_RATE_LIMIT_BURST: must be at least LIMBIC_MAX_QUERY_COST (${e.LIMBIC_MAX_QUERY_COST})`);
  const tenants = new Map<string, RateLimit>();
  if (e.LIMBIC_RATE_LIMIT_TENANTS.trim() === '') return { default: fallback, tenants };
  const shape = z.record(
    z.string().regex(TENANT_ID),
    z.strictObject({ costPerSec: z.number().int().min(0).max(10_000_000), burst: z.number().int().min(1).max(100_000_000).optional() }),
  );
  let raw: unknown;
  try {
    raw = JSON.parse(e.LIMBIC_RATE_LIMIT_TENANTS);
  } catch {
    problems.push('LIMBIC_RATE_LIMIT_TENANTS: not valid JSON');
    return { default: fallback, tenants };
  }
  const parsed = shape.safeParse(raw);
  if (!parsed.success) {
    problems.push('LIMBIC_RATE_LIMIT_TENANTS: must be {"<tenant>": {"costPerSec": <integer>, "burst"?: <integer>}}');
    return { default: fallback, tenants };
  }
  for (const [tenant, limit] of Object.entries(parsed.data)) {
    const resolved = { costPerSec: limit.costPerSec, burst: limit.burst ?? fallback.burst };
    if (tooSmall(resolved)) problems.push(`LIMBIC_RATE_LIMIT_TENANTS: ${tenant}'s burst must be at least LIMBIC_MAX_QUERY_COST (${e.LIMBIC_MAX_QUERY_COST})`);
    tenants.set(tenant, resolved);
  }
  return { default: fallback, tenants };
}

/** Sentinel or Cluster when their nodes are given (not both), else the standalone REDIS_URL. */
function redisSettings(e: ParsedEnv, problems: string[]): RedisSettings {
  const credentials = { username: e.LIMBIC_REDIS_USERNAME ?? null, password: e.LIMBIC_REDIS_PASSWORD ?? null, tls: e.LIMBIC_REDIS_TLS };
  if (e.LIMBIC_REDIS_SENTINELS && e.LIMBIC_REDIS_CLUSTER_NODES) {
    problems.push('LIMBIC_REDIS_SENTINELS, LIMBIC_REDIS_CLUSTER_NODES: set one or the other (Sentinel or Cluster), not both');
  }
  if (e.LIMBIC_REDIS_SENTINELS) {
    return { mode: 'sentinel', sentinels: e.LIMBIC_REDIS_SENTINELS, name: e.LIMBIC_REDIS_SENTINEL_NAME, sentinelPassword: e.LIMBIC_REDIS_SENTINEL_PASSWORD ?? null, ...credentials };
  }
  if (e.LIMBIC_REDIS_CLUSTER_NODES) return { mode: 'cluster', nodes: e.LIMBIC_REDIS_CLUSTER_NODES, ...credentials };
  return { mode: 'standalone', url: e.REDIS_URL };
}

/** The shape only (queue → setting → number); libs/jobs checks the names and ranges. */
function parseQueueSettings(raw: string, problems: string[]): Readonly<Record<string, Readonly<Record<string, number>>>> {
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push('LIMBIC_QUEUE_SETTINGS: not valid JSON');
    return {};
  }
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const valid = isObject(parsed) && Object.values(parsed).every((q) => isObject(q) && Object.values(q).every((n) => typeof n === 'number'));
  if (!valid) {
    problems.push('LIMBIC_QUEUE_SETTINGS: must be {"<queue>": {"<setting>": <number>}}');
    return {};
  }
  return parsed as Record<string, Record<string, number>>;
}

function parseApiKeys(raw: string, problems: string[]): ReadonlyMap<string, string> {
  const keys = new Map<string, string>();
  for (const entry of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const sep = entry.lastIndexOf(':');
    const key = sep > 0 ? entry.slice(0, sep) : '';
    const tenant = sep > 0 ? entry.slice(sep + 1) : '';
    if (key.length < 8) {
      problems.push('LIMBIC_API_KEYS: each entry must be `key:tenant` with a key of at least 8 characters');
      continue;
    }
    if (!TENANT_ID.test(tenant)) {
      problems.push(`LIMBIC_API_KEYS: tenant "${tenant}" must match ${TENANT_ID.source}`);
      continue;
    }
    if (keys.has(key)) problems.push('LIMBIC_API_KEYS: a key appears twice');
    keys.set(key, tenant);
  }
  return keys;
}

export { LOCAL_TENANT };

/**
 * A consistency-token secret every replica computes alike without being told one: from the
 * Neo4j credentials and database they must share anyway (not the URI, which may name different
 * cluster members). Whoever knows them can read the database directly; the tokens guard less.
 */
function derivedSecret(e: Pick<ParsedEnv, 'NEO4J_USER' | 'NEO4J_PASSWORD' | 'NEO4J_DATABASE'>): string {
  return createHash('sha256').update(`limbic-consistency\0${e.NEO4J_USER}\0${e.NEO4J_PASSWORD}\0${e.NEO4J_DATABASE}`).digest('base64url');
}
