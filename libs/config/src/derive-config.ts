import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { CONFIG_TABLE } from './config.schema';
import type { RateLimit, RateLimitSettings, RedisSettings } from './config.types';
import type { FromTable } from './env-table';

/** The table's values, before the settings derived from several of them. */
export type TableValues = FromTable<typeof CONFIG_TABLE>;

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
/** chosen: a tenant's sustained cost per second when LIMBIC_RATE_LIMIT_COST_PER_SEC is unset (≈ 35 recalls or 90 encodes a second). */
const DEFAULT_COST_PER_SEC = 1000;

/**
 * The settings that depend on more than one variable, and the checks across variables. Each
 * problem names the variables involved; the caller stops boot when there is any.
 */
export function deriveConfig(t: TableValues, problems: string[]) {
  const singleTenant = t.apiKeys.size === 0;
  if (singleTenant && !LOOPBACK.has(t.api.host)) {
    problems.push(`LIMBIC_HOST: refusing to bind ${t.api.host} without LIMBIC_API_KEYS (single-tenant mode is loopback only)`);
  }
  if (t.embedder.kind === 'openai' && t.embedder.openai.apiKey === '' && t.embedder.openai.baseUrl.startsWith('https://api.openai.com')) {
    problems.push('OPENAI_API_KEY: required when LIMBIC_EMBEDDER=openai talks to api.openai.com');
  }
  if (t.ops.clockOffsetMs !== 0 && t.env !== 'test') problems.push('LIMBIC_CLOCK_OFFSET_MS: only accepted when NODE_ENV=test');
  if (t.ops.adminKey !== '' && t.ops.adminKey.length < 16) problems.push('LIMBIC_ADMIN_KEY: must be at least 16 characters');
  const { baseUrl, model, ...llm } = t.appraiser.llm;
  if (t.appraiser.kind === 'llm' && (baseUrl === undefined || model === undefined)) {
    problems.push('LIMBIC_LLM_BASE_URL, LIMBIC_LLM_MODEL: both required when LIMBIC_APPRAISER=llm');
  }
  // More units at once than a few per core only time-share the CPU, and a flooding
  // tenant's then fill it; fewer, in the gate's round-robin line, let another tenant's next
  // unit go next (bench/load README, flood: B's p99 797 → 370 ms at 4 on 2 cores).
  const maxActive = Math.min(t.neo4j.maxActive ?? Math.max(4, 2 * availableParallelism()), t.neo4j.maxPoolSize);
  return {
    ...t,
    neo4j: {
      ...t.neo4j,
      maxActive,
      // Between tenants the permits above the core count only make their units share cores:
      // with a flooding tenant's two units beside another's one on 2 cores, the other's recall
      // p99 doubled; with one each it stayed within 1.15× (bench/load README, flood).
      sharedActive: Math.min(t.neo4j.sharedActive ?? Math.max(2, availableParallelism()), maxActive),
    },
    redis: redisSettings(t.redis, problems),
    api: { ...t.api, consistencySecret: t.api.consistencySecret ?? derivedSecret(t.neo4j) },
    /** True when no keys are configured: one implicit tenant, loopback only. */
    singleTenant,
    /** Per-tenant rate limit, charged by operation cost (off in single-tenant mode unless set). */
    rateLimit: rateLimits(t.rateLimit, t.limits.maxQueryCost, singleTenant, problems),
    introspection: t.introspection ?? t.env !== 'production',
    appraiser: {
      ...t.appraiser,
      /** The LLM appraiser's settings; null unless LIMBIC_APPRAISER=llm. */
      llm: t.appraiser.kind === 'llm' && baseUrl !== undefined && model !== undefined ? { baseUrl, model, ...llm } : null,
    },
  };
}

/**
 * The default bucket and the per-tenant overrides. Single-tenant mode has no other tenant to
 * protect, so its limit is off unless set. A bucket smaller than the query cost budget would
 * refuse forever an operation the budget admits: that stops boot instead.
 */
function rateLimits(input: TableValues['rateLimit'], maxQueryCost: number, singleTenant: boolean, problems: string[]): RateLimitSettings {
  const fallback: RateLimit = { costPerSec: input.costPerSec ?? (singleTenant ? 0 : DEFAULT_COST_PER_SEC), burst: input.burst };
  const tooSmall = (limit: RateLimit) => limit.costPerSec > 0 && limit.burst < maxQueryCost;
  if (tooSmall(fallback)) problems.push(`LIMBIC_RATE_LIMIT_BURST: must be at least LIMBIC_MAX_QUERY_COST (${maxQueryCost})`);
  const tenants = new Map<string, RateLimit>();
  for (const [tenant, limit] of Object.entries(input.tenants)) {
    const resolved = { costPerSec: limit.costPerSec, burst: limit.burst ?? fallback.burst };
    if (tooSmall(resolved)) problems.push(`LIMBIC_RATE_LIMIT_TENANTS: ${tenant}'s burst must be at least LIMBIC_MAX_QUERY_COST (${maxQueryCost})`);
    tenants.set(tenant, resolved);
  }
  return { default: fallback, tenants };
}

/** Sentinel or Cluster when their nodes are given (not both), else the standalone REDIS_URL. */
function redisSettings(r: TableValues['redis'], problems: string[]): RedisSettings {
  const credentials = { username: r.username ?? null, password: r.password ?? null, tls: r.tls };
  if (r.sentinels && r.clusterNodes) {
    problems.push('LIMBIC_REDIS_SENTINELS, LIMBIC_REDIS_CLUSTER_NODES: set one or the other (Sentinel or Cluster), not both');
  }
  if (r.sentinels) return { mode: 'sentinel', sentinels: r.sentinels, name: r.sentinelName, sentinelPassword: r.sentinelPassword ?? null, ...credentials };
  if (r.clusterNodes) return { mode: 'cluster', nodes: r.clusterNodes, ...credentials };
  return { mode: 'standalone', url: r.url };
}

/**
 * A consistency-token secret every replica computes alike without being told one: from the
 * Neo4j credentials and database they must share anyway (not the URI, which may name different
 * cluster members). Whoever knows them can read the database directly; the tokens guard less.
 */
function derivedSecret(neo4j: Pick<TableValues['neo4j'], 'user' | 'password' | 'database'>): string {
  return createHash('sha256').update(`limbic-consistency\0${neo4j.user}\0${neo4j.password}\0${neo4j.database}`).digest('base64url');
}
