import { z } from 'zod';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODELS } from './config.types';

/**
 * Every environment variable Limbic reads, with its default. This is the only place that
 * knows variable names; the rest of the code receives a typed `LimbicConfig`.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = (protocols: readonly string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** `host:port,host:port`: at least one, each port in range. */
const hostPorts = z
  .string()
  .transform((raw) => raw.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(
        z.string().transform((entry, ctx) => {
          const m = /^([^\s:]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(entry);
          const port = m ? Number(m[2]) : 0;
          if (!m || port < 1 || port > 65535) {
            ctx.addIssue({ code: 'custom', message: `"${entry}" is not host:port` });
            return z.NEVER;
          }
          return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
        }),
      )
      .min(1, 'needs at least one host:port'),
  );

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LIMBIC_LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),

  NEO4J_URI: url(['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc']).default('bolt://127.0.0.1:7687'),
  NEO4J_USER: z.string().min(1).default('neo4j'),
  NEO4J_PASSWORD: z.string().min(1).default('limbic-dev-password'),
  NEO4J_DATABASE: z.string().regex(/^[a-z][a-z0-9.-]{2,62}$/, 'must be a valid Neo4j database name').default('neo4j'),
  NEO4J_MAX_POOL_SIZE: int(1, 1000).default(50),
  /** Units of work running in Neo4j at once (at most the pool's size); the rest wait, round-robin by tenant. */
  NEO4J_MAX_ACTIVE: int(1, 1000).optional(),
  /** Units of work that may wait for one of the pool's connections; more are refused at once (UNAVAILABLE). */
  NEO4J_MAX_WAITING: int(0, 100_000).default(1000),
  /** How long a unit waits for a connection before it is refused (UNAVAILABLE). */
  NEO4J_MAX_WAIT_MS: int(1, 120_000).default(10_000),
  NEO4J_TX_TIMEOUT_MS: int(100, 600_000).default(30_000),

  /** Standalone Redis (credentials and TLS in the URL). Ignored when Sentinel or Cluster nodes are set. */
  REDIS_URL: url(['redis', 'rediss']).default('redis://127.0.0.1:6379'),
  /** `host:port,…` of Redis Sentinels: the master is found (and followed on failover) through them. */
  LIMBIC_REDIS_SENTINELS: hostPorts.optional(),
  /** The Sentinels' name for the master group. */
  LIMBIC_REDIS_SENTINEL_NAME: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).default('mymaster'),
  /** Password of the Sentinels themselves (Sentinel `requirepass`), if any. */
  LIMBIC_REDIS_SENTINEL_PASSWORD: z.string().optional(),
  /** `host:port,…` of some Redis Cluster nodes (the rest are discovered); queue keys are then hash-tagged. */
  LIMBIC_REDIS_CLUSTER_NODES: hostPorts.optional(),
  /** ACL user and password of the Redis data nodes with Sentinel or Cluster (a standalone Redis takes them from REDIS_URL). */
  LIMBIC_REDIS_USERNAME: z.string().optional(),
  LIMBIC_REDIS_PASSWORD: z.string().optional(),
  /** TLS to the Redis data nodes (and Sentinels) with Sentinel or Cluster (standalone: rediss://). */
  LIMBIC_REDIS_TLS: bool.default(false),

  LIMBIC_HOST: z.string().min(1).default('127.0.0.1'),
  LIMBIC_PORT: int(1, 65535).default(4000),
  /**
   * Signs consistency tokens (the Limbic-Consistency header); every API replica of a deployment
   * needs the same one. Default: derived from the Neo4j credentials, which replicas share.
   */
  LIMBIC_CONSISTENCY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  LIMBIC_WORKER_HOST: z.string().min(1).default('127.0.0.1'),
  LIMBIC_WORKER_PORT: int(0, 65535).default(4001),
  /** `key:tenant` pairs separated by commas. Empty means single-tenant local mode. */
  LIMBIC_API_KEYS: z.string().default(''),

  /** `auto`: the local model when its folder exists, else `hash` (with a loud warning). */
  LIMBIC_EMBEDDER: z.enum(['auto', 'hash', 'local', 'openai']).default('auto'),
  LIMBIC_HASH_DIM: int(16, 4096).default(384),
  /** Which model the local embedder runs (scripts/fetch-model.sh fetches it into models/<name>). */
  LIMBIC_EMBEDDER_MODEL: z.enum(LOCAL_MODELS).default(DEFAULT_LOCAL_MODEL),
  /** Folder of the local ONNX model (default: <repo>/models/<LIMBIC_EMBEDDER_MODEL>, see scripts/fetch-model.sh). */
  LIMBIC_MODEL_DIR: z.string().min(1).optional(),
  /** Texts per forward pass of the local model. */
  LIMBIC_EMBED_BATCH: int(1, 1024).default(32),
  /** ONNX Runtime intra-op threads for the local model; 0 lets the runtime choose. */
  LIMBIC_EMBED_THREADS: int(0, 256).default(0),
  OPENAI_BASE_URL: url(['http', 'https']).default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().default(''),
  OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
  OPENAI_EMBEDDING_DIM: int(1, 8192).default(1536),
  OPENAI_TIMEOUT_MS: int(100, 300_000).default(15_000),
  OPENAI_MAX_RETRIES: int(0, 10).default(3),
  OPENAI_BATCH_SIZE: int(1, 2048).default(128),

  LIMBIC_MAX_CONTENT_BYTES: int(1, 1_048_576).default(32_768),
  LIMBIC_MAX_BATCH_ITEMS: int(1, 10_000).default(500),
  /** Bytes a JSON request body (a GraphQL operation) may have; a larger one is refused before it is parsed. */
  LIMBIC_MAX_REQUEST_BYTES: int(1024, 1_073_741_824).default(8 * 1024 * 1024),
  LIMBIC_MAX_TAGS: int(0, 1000).default(32),
  LIMBIC_MAX_TOP_K: int(1, 1000).default(100),
  LIMBIC_GRAPHQL_MAX_COMPLEXITY: int(10, 1_000_000).default(5000),
  /** Cost one GraphQL operation may have (apps/api/src/admission/field-costs.ts); a costlier one is refused before it runs. */
  LIMBIC_MAX_QUERY_COST: int(10, 10_000_000).default(1000),
  /** Per-tenant token bucket, refilled at this cost per second; 0 turns rate limiting off. Unset: 1000, but 0 in single-tenant mode. */
  LIMBIC_RATE_LIMIT_COST_PER_SEC: int(0, 10_000_000).optional(),
  /** The bucket's size: cost a tenant may spend at once after being idle; at least LIMBIC_MAX_QUERY_COST. */
  LIMBIC_RATE_LIMIT_BURST: int(1, 100_000_000).default(5000),
  /** Per-tenant overrides as JSON: `{"acme":{"costPerSec":5000,"burst":20000},"internal":{"costPerSec":0}}`. */
  LIMBIC_RATE_LIMIT_TENANTS: z.string().default(''),
  /** Whether the schema answers introspection (to callers with a valid key). Unset: on, but off when NODE_ENV=production. */
  LIMBIC_GRAPHQL_INTROSPECTION: bool.optional(),
  /** Removed (encode's link candidates come from the filtered vector index: nothing to cache); still read so that setting it stops boot instead of being ignored. */
  LIMBIC_LINK_CACHE_MB: z.string().optional(),

  /**
   * Per-queue overrides of libs/jobs/src/queue-settings.ts (concurrency, attempts, backoff,
   * locks, timeouts, retention) as JSON: `{"appraisal":{"concurrency":16}}`.
   */
  LIMBIC_QUEUE_SETTINGS: z.string().default(''),
  /** Removed (LIMBIC_QUEUE_SETTINGS replaces it); still read so that setting it stops boot instead of being ignored. */
  LIMBIC_APPRAISAL_CONCURRENCY: z.string().optional(),
  LIMBIC_SWEEP_INTERVAL_MS: int(1000, 86_400_000).default(30_000),
  /**
   * Rows one page of a sweep reads (appraisal, recall-effects and review sweeps). A larger scan
   * goes on in a follow-on `periodic` job that any worker takes, so N workers share it.
   */
  LIMBIC_SWEEP_PAGE_SIZE: int(1, 50_000).default(1000),
  /** How long one page may spend adding jobs before it hands the rest of its rows to the next page. */
  LIMBIC_SWEEP_PAGE_MS: int(100, 600_000).default(5000),
  /** Memories (or goals) a re-embed step embeds and writes in one transaction. */
  LIMBIC_REEMBED_BATCH: int(1, 5000).default(128),
  /** Tenant ids (comma-separated) whose pending appraisals this worker's sweep picks up; empty: every tenant. */
  LIMBIC_SWEEP_TENANTS: z.string().default(''),
  /**
   * The state history (Agent.stateHistory): one sample per state change, coalesced to one per
   * spacing, the newest SIZE kept. Defaults: one a minute for a day of activity.
   */
  LIMBIC_STATE_HISTORY_SIZE: int(1, 100_000).default(1_440),
  LIMBIC_STATE_HISTORY_SPACING_MS: int(0, 86_400_000).default(60_000),
  /**
   * How long a recall's record (:RecallEffect) is kept: feedback on the recall is taken until
   * then, and effects still pending by then are given up. Default 7 days.
   */
  LIMBIC_RECALL_RECORD_RETENTION_MS: int(1000, 366 * 86_400_000).default(7 * 86_400_000),
  /**
   * The worker's vector index refresher: every interval it checks whether memories were written
   * since its last look, and once writes have gone quiet it makes the index's searcher reopen
   * (apps/worker/src/index-refresh). 0 turns it off.
   */
  LIMBIC_INDEX_REFRESH_INTERVAL_MS: int(0, 86_400_000)
    .refine((ms) => ms === 0 || ms >= 1000, 'must be 0 (off) or at least 1000')
    .default(30_000),
  LIMBIC_RUN_MIGRATIONS: bool.default(true),

  /** Slow-path appraiser of coping, norm and self relevance: the VADER lexicon, or an LLM. */
  LIMBIC_APPRAISER: z.enum(['lexicon', 'llm']).default('lexicon'),
  /** OpenAI-compatible base URL including the version, e.g. http://127.0.0.1:11434/v1 (`/chat/completions` is appended). */
  LIMBIC_LLM_BASE_URL: url(['http', 'https']).optional(),
  LIMBIC_LLM_API_KEY: z.string().default(''),
  LIMBIC_LLM_MODEL: z.string().min(1).optional(),
  /** Per call; past it the lexicon answers instead. */
  LIMBIC_LLM_TIMEOUT_MS: int(100, 120_000).default(10_000),
  /** Answers kept in the worker's LRU (model + content hash → checks); 0 turns the cache off. */
  LIMBIC_LLM_CACHE_SIZE: int(0, 1_000_000).default(2000),
  /**
   * Share of an affect the caller gave at encode that survives appraisal: 1 keeps it as given,
   * 0.3 treats it like an inferred one (70 % appraised). Inferred affect is unaffected.
   */
  LIMBIC_GIVEN_AFFECT_TRUST: z.coerce.number().min(0).max(1).default(1),

  /** Operations (issue 6). Empty admin key: the queue dashboard is not mounted. */
  LIMBIC_ADMIN_KEY: z.string().default(''),
  LIMBIC_LOG_FORMAT: z.enum(['json', 'text']).default('json'),
  /** BullMQ key prefix; lets tests (or several deployments on one Redis) stay apart. */
  LIMBIC_QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).default('bull'),
  /** Test-only: shifts the worker's clock (accepted only when NODE_ENV=test). */
  LIMBIC_CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  LIMBIC_REVIEW_SWEEP_INTERVAL_MS: int(1000, 86_400_000).default(60_000),
  /** Reviews due within this horizon become delayed jobs at each sweep. */
  LIMBIC_REVIEW_HORIZON_MS: int(0, 86_400_000).default(600_000),
  /** Most reviews one sweep enqueues (the rest wait for the next sweep). */
  LIMBIC_REVIEW_SWEEP_MAX: int(1, 10_000_000).default(50_000),
  /** Comma-separated tenant ids: this worker's review sweep covers only them (sharding, tests). Empty: all. */
  LIMBIC_REVIEW_TENANTS: z.string().default(''),
  LIMBIC_ARCHIVE_STRENGTH_BELOW: z.coerce.number().min(0).max(1).default(0.05),
  LIMBIC_ARCHIVE_IMPORTANCE_BELOW: z.coerce.number().min(0).max(1).default(0.3),
});

export type RawEnv = z.input<typeof envSchema>;
export type ParsedEnv = z.output<typeof envSchema>;
