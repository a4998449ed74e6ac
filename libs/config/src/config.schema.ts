import { APPRAISAL_BLEND, DEFAULT_ARCHIVE_THRESHOLDS } from '@limbic/affect';
import { z } from 'zod';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODELS, LOG_LEVELS } from './config.constants';
import { env, flatSchema } from './env-table';
import { apiKeys, baseUrl, bool, fraction, hostPorts, int, json, TENANT_ID, tenantList, url } from './env-values';

/**
 * Every environment variable Limbic reads, with its default, where its value goes in
 * `LimbicConfig`. This is the only place that knows variable names; the rest of the code
 * receives the typed config. Entries marked "input" are read into a value that load-config.ts
 * derives from them and others (the Redis mode, the rate limits, the LLM appraiser).
 */
export const CONFIG_TABLE = {
  env: env('NODE_ENV', z.enum(['development', 'production', 'test']).default('development')),
  logLevel: env('LIMBIC_LOG_LEVEL', z.enum(LOG_LEVELS).default('log')),

  neo4j: {
    uri: env('NEO4J_URI', url(['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc']).default('bolt://127.0.0.1:7687')),
    user: env('NEO4J_USER', z.string().min(1).default('neo4j')),
    password: env('NEO4J_PASSWORD', z.string().min(1).default('limbic-dev-password')),
    database: env('NEO4J_DATABASE', z.string().regex(/^[a-z][a-z0-9.-]{2,62}$/, 'must be a valid Neo4j database name').default('neo4j')),
    maxPoolSize: env('NEO4J_MAX_POOL_SIZE', int(1, 1000).default(50)),
    /** Input: units of work running in Neo4j at once (at most the pool's size); the rest wait, round-robin by tenant. */
    maxActive: env('NEO4J_MAX_ACTIVE', int(1, 1000).optional()),
    /** Input: units running at once, together, while several tenants are active, split evenly between them (unit-gate.ts). */
    sharedActive: env('NEO4J_SHARED_ACTIVE', int(1, 1000).optional()),
    /** Units of work that may wait for one of the pool's connections; more are refused at once (UNAVAILABLE). */
    maxWaiting: env('NEO4J_MAX_WAITING', int(0, 100_000).default(1000)),
    /** How long a unit waits for a connection before it is refused (UNAVAILABLE). */
    maxWaitMs: env('NEO4J_MAX_WAIT_MS', int(1, 120_000).default(10_000)),
    txTimeoutMs: env('NEO4J_TX_TIMEOUT_MS', int(100, 600_000).default(30_000)),
  },

  /** Input of `RedisSettings`: Sentinel or Cluster when their nodes are given, else the standalone URL. */
  redis: {
    /** Standalone Redis (credentials and TLS in the URL). Ignored when Sentinel or Cluster nodes are set. */
    url: env('REDIS_URL', url(['redis', 'rediss']).default('redis://127.0.0.1:6379')),
    /** `host:port,…` of Redis Sentinels: the master is found (and followed on failover) through them. */
    sentinels: env('LIMBIC_REDIS_SENTINELS', hostPorts.optional()),
    /** The Sentinels' name for the master group. */
    sentinelName: env('LIMBIC_REDIS_SENTINEL_NAME', z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).default('mymaster')),
    /** Password of the Sentinels themselves (Sentinel `requirepass`), if any. */
    sentinelPassword: env('LIMBIC_REDIS_SENTINEL_PASSWORD', z.string().optional()),
    /** `host:port,…` of some Redis Cluster nodes (the rest are discovered); queue keys are then hash-tagged. */
    clusterNodes: env('LIMBIC_REDIS_CLUSTER_NODES', hostPorts.optional()),
    /** ACL user and password of the Redis data nodes with Sentinel or Cluster (a standalone Redis takes them from REDIS_URL). */
    username: env('LIMBIC_REDIS_USERNAME', z.string().optional()),
    password: env('LIMBIC_REDIS_PASSWORD', z.string().optional()),
    /** TLS to the Redis data nodes (and Sentinels) with Sentinel or Cluster (standalone: rediss://). */
    tls: env('LIMBIC_REDIS_TLS', bool.default(false)),
  },

  api: {
    host: env('LIMBIC_HOST', z.string().min(1).default('127.0.0.1')),
    port: env('LIMBIC_PORT', int(1, 65535).default(4000)),
    /**
     * Input: signs consistency tokens (the Limbic-Consistency header); every API replica of a
     * deployment needs the same one. Unset: derived from the Neo4j credentials, which replicas share.
     */
    consistencySecret: env('LIMBIC_CONSISTENCY_SECRET', z.string().min(16, 'must be at least 16 characters').optional()),
  },

  worker: {
    host: env('LIMBIC_WORKER_HOST', z.string().min(1).default('127.0.0.1')),
    port: env('LIMBIC_WORKER_PORT', int(0, 65535).default(4001)),
    /**
     * Period of the sweeps that re-enqueue pending work from Neo4j (pending appraisals, pending
     * recall effects, re-embed steps) and prune old recall records.
     */
    pendingSweepIntervalMs: env('LIMBIC_PENDING_SWEEP_INTERVAL_MS', int(1000, 86_400_000).default(30_000)),
    /**
     * Rows one page of a sweep reads (appraisal, recall-effects and review sweeps). A larger scan
     * goes on in a follow-on `periodic` job that any worker takes, so N workers share it.
     */
    sweepPageSize: env('LIMBIC_SWEEP_PAGE_SIZE', int(1, 50_000).default(1000)),
    /** How long one page may spend adding jobs before it hands the rest of its rows to the next page. */
    sweepPageMs: env('LIMBIC_SWEEP_PAGE_MS', int(100, 600_000).default(5000)),
    /** Memories (or goals) a re-embed step embeds and writes in one transaction. */
    reembedBatch: env('LIMBIC_REEMBED_BATCH', int(1, 5000).default(128)),
    /** Tenants the pending-appraisal and pending-recall sweeps are limited to; empty: every tenant. */
    sweepTenants: env('LIMBIC_SWEEP_TENANTS', tenantList),
    /**
     * How long a recall's record (:RecallEffect) is kept: feedback on the recall is taken until
     * then, and effects still pending by then are given up. Default 7 days.
     */
    recallRecordRetentionMs: env('LIMBIC_RECALL_RECORD_RETENTION_MS', int(1000, 366 * 86_400_000).default(7 * 86_400_000)),
    /**
     * The worker's vector index refresher: every interval it checks whether memories were written
     * since its last look, and once writes have gone quiet it makes the index's searcher reopen
     * (apps/worker/src/index-refresh). 0 turns it off.
     */
    indexRefreshIntervalMs: env(
      'LIMBIC_INDEX_REFRESH_INTERVAL_MS',
      int(0, 86_400_000)
        .refine((ms) => ms === 0 || ms >= 1000, 'must be 0 (off) or at least 1000')
        .default(30_000),
    ),
  },

  /** The bounded state history each agent keeps (graph: :StateSample): one sample per spacing, the newest `size` kept. */
  stateHistory: {
    /** Samples kept per agent, newest first; the default is a day of activity at one a minute. */
    size: env('LIMBIC_STATE_HISTORY_SIZE', int(1, 100_000).default(1_440)),
    /** State changes closer than this to the newest sample update it instead of adding one. */
    spacingMs: env('LIMBIC_STATE_HISTORY_SPACING_MS', int(0, 86_400_000).default(60_000)),
  },

  /** API key → tenant id. Empty: single-tenant local mode (loopback only). */
  apiKeys: env('LIMBIC_API_KEYS', apiKeys),

  embedder: {
    /** `auto`: the local model when its folder exists, else `hash` (with a loud warning). */
    kind: env('LIMBIC_EMBEDDER', z.enum(['auto', 'hash', 'local', 'openai']).default('auto')),
    hashDimension: env('LIMBIC_HASH_DIM', int(16, 4096).default(384)),
    openai: {
      baseUrl: env('OPENAI_BASE_URL', baseUrl(['http', 'https']).default('https://api.openai.com/v1')),
      apiKey: env('OPENAI_API_KEY', z.string().default('')),
      model: env('OPENAI_EMBEDDING_MODEL', z.string().min(1).default('text-embedding-3-small')),
      dimension: env('OPENAI_EMBEDDING_DIM', int(1, 8192).default(1536)),
      timeoutMs: env('OPENAI_TIMEOUT_MS', int(100, 300_000).default(15_000)),
      maxRetries: env('OPENAI_MAX_RETRIES', int(0, 10).default(3)),
      batchSize: env('OPENAI_BATCH_SIZE', int(1, 2048).default(128)),
    },
    local: {
      /** Which model the local embedder runs (scripts/fetch-model.sh fetches it into models/<name>). */
      model: env('LIMBIC_EMBEDDER_MODEL', z.enum(LOCAL_MODELS).default(DEFAULT_LOCAL_MODEL)),
      /** Folder of the local ONNX model; null means `<repo>/models/<model>`, resolved by @limbic/embeddings. */
      modelDir: env('LIMBIC_MODEL_DIR', z.string().min(1).nullable().default(null)),
      /** Texts per forward pass of the local model. */
      batchSize: env('LIMBIC_EMBED_BATCH', int(1, 1024).default(32)),
      /** ONNX Runtime intra-op threads for the local model; 0 lets the runtime choose. */
      threads: env('LIMBIC_EMBED_THREADS', int(0, 256).default(0)),
    },
  },

  limits: {
    maxContentBytes: env('LIMBIC_MAX_CONTENT_BYTES', int(1, 1_048_576).default(32_768)),
    maxBatchItems: env('LIMBIC_MAX_BATCH_ITEMS', int(1, 10_000).default(500)),
    /** Bytes a JSON request body (a GraphQL operation) may have; a larger one is refused before it is parsed. */
    maxRequestBytes: env('LIMBIC_MAX_REQUEST_BYTES', int(1024, 1_073_741_824).default(8 * 1024 * 1024)),
    maxTags: env('LIMBIC_MAX_TAGS', int(0, 1000).default(32)),
    maxTopK: env('LIMBIC_MAX_TOP_K', int(1, 1000).default(100)),
    maxQueryComplexity: env('LIMBIC_GRAPHQL_MAX_COMPLEXITY', int(10, 1_000_000).default(5000)),
    /** Cost one GraphQL operation may have (apps/api/src/admission/field-costs.ts); a costlier one is refused before it runs. */
    maxQueryCost: env('LIMBIC_MAX_QUERY_COST', int(10, 10_000_000).default(1000)),
  },

  recall: {
    /**
     * The API holds agents' spreading graphs so that a recall spreads in-process: at most this
     * many resonance edges in all (≈ 360 bytes of heap each: 143 MB for an agent of 100,000 memories
     * and 400,000 edges), least recently used agents evicted first;
     * 0 turns it off and every recall spreads in Cypher.
     */
    spreadCacheEdges: env('LIMBIC_SPREAD_CACHE_EDGES', int(0, 100_000_000).default(2_000_000)),
    /**
     * The most of its time the API spends reloading one agent's graph after it changed: an agent
     * whose last load took 1 s is reloaded at most every 1 s / this share (0.05: 20 s); between
     * reloads its recalls spread in Cypher.
     */
    spreadCacheReloadShare: env('LIMBIC_SPREAD_CACHE_RELOAD_SHARE', z.coerce.number().min(0.001).max(1).default(0.05)),
    /**
     * How long after it was loaded a held graph may still serve recalls when only the worker's
     * asynchronous effects changed the graph since (appraisal's edge revisions, recall effects'
     * Hebbian strengthening and co-recall links): they land a queue's delay after their encode or
     * recall anyway, and each such recall reloads the copy in the background. 0: only an exact
     * copy serves. Any other write is never lagged.
     */
    spreadEffectsLagMs: env('LIMBIC_SPREAD_EFFECTS_LAG_MS', int(0, 600_000).default(10_000)),
    /**
     * A held graph no recall or encode has used for this long is let go (its agent's next recall
     * spreads in Cypher and reloads it in the background). 0: kept until evicted by the edge budget.
     */
    spreadCacheIdleMs: env('LIMBIC_SPREAD_CACHE_IDLE_MS', int(0, 86_400_000).default(1_800_000)),
    /**
     * Agents of at least this many memories have their vectors held as int8 codes in each process
     * that searches them (API and worker), so that every nearest-neighbour search of theirs is
     * exact (libs/graph resident-vectors); smaller ones the filtered index answers exactly by
     * itself. 0: none held, every search goes to the index.
     */
    residentVectorsMin: env('LIMBIC_RESIDENT_VECTORS_MIN', int(0, 100_000_000).default(5_000)),
    /** The most memory the held codes may take, in MiB (≈ 0.45 MiB per 1,000 memories of 384 components); least recently used agents go first. */
    residentVectorsMb: env('LIMBIC_RESIDENT_VECTORS_MB', int(1, 1_000_000).default(512)),
  },

  /** Input of `RateLimitSettings`: the default token bucket and the per-tenant overrides. */
  rateLimit: {
    /** Refill per second; 0 turns rate limiting off. Unset: 1000, but 0 in single-tenant mode. */
    costPerSec: env('LIMBIC_RATE_LIMIT_COST_PER_SEC', int(0, 10_000_000).optional()),
    /** The bucket's size: cost a tenant may spend at once after being idle; at least LIMBIC_MAX_QUERY_COST. */
    burst: env('LIMBIC_RATE_LIMIT_BURST', int(1, 100_000_000).default(5000)),
    /** Per-tenant overrides: `{"acme":{"costPerSec":5000,"burst":20000},"internal":{"costPerSec":0}}`. */
    tenants: env(
      'LIMBIC_RATE_LIMIT_TENANTS',
      json(
        z.record(
          z.string().regex(TENANT_ID),
          z.strictObject({ costPerSec: z.number().int().min(0).max(10_000_000), burst: z.number().int().min(1).max(100_000_000).optional() }),
        ),
        {},
        '{"<tenant>": {"costPerSec": <integer>, "burst"?: <integer>}}',
      ),
    ),
  },

  runMigrations: env('LIMBIC_RUN_MIGRATIONS', bool.default(true)),
  /** Input: whether the schema answers introspection (to callers with a valid key). Unset: on, but off when NODE_ENV=production. */
  introspection: env('LIMBIC_GRAPHQL_INTROSPECTION', bool.optional()),

  appraiser: {
    /** Slow-path appraiser of coping, norm and self relevance: the VADER lexicon, or an LLM. */
    kind: env('LIMBIC_APPRAISER', z.enum(['lexicon', 'llm']).default('lexicon')),
    /** Input of the LLM appraiser's settings, used only when `kind` is `llm`. */
    llm: {
      /** OpenAI-compatible base URL including the version, e.g. http://127.0.0.1:11434/v1 (`/chat/completions` is appended). */
      baseUrl: env('LIMBIC_LLM_BASE_URL', baseUrl(['http', 'https']).optional()),
      apiKey: env('LIMBIC_LLM_API_KEY', z.string().default('')),
      model: env('LIMBIC_LLM_MODEL', z.string().min(1).optional()),
      /** Per call; past it the lexicon answers instead. */
      timeoutMs: env('LIMBIC_LLM_TIMEOUT_MS', int(100, 120_000).default(10_000)),
      /** Answers kept in the worker's LRU (model + content hash → checks); 0 turns the cache off. */
      cacheSize: env('LIMBIC_LLM_CACHE_SIZE', int(0, 1_000_000).default(2000)),
    },
    /**
     * Share of an affect the caller gave at encode that survives appraisal, in [0, 1]: 1 keeps it
     * as given, 0.3 treats it like an inferred one (70 % appraised). Inferred affect is unaffected.
     * The default is libs/affect's.
     */
    givenAffectTrust: env('LIMBIC_GIVEN_AFFECT_TRUST', fraction.default(APPRAISAL_BLEND.givenAffectTrust)),
  },

  ops: {
    /** Key for /admin (the queue dashboard); empty: the dashboard is not mounted. */
    adminKey: env('LIMBIC_ADMIN_KEY', z.string().default('')),
    logFormat: env('LIMBIC_LOG_FORMAT', z.enum(['json', 'text']).default('json')),
    /** BullMQ key prefix; lets tests (or several deployments on one Redis) stay apart. */
    queuePrefix: env('LIMBIC_QUEUE_PREFIX', z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).default('bull')),
    /** Test-only: shifts the worker's clock (accepted only when NODE_ENV=test). */
    clockOffsetMs: env('LIMBIC_CLOCK_OFFSET_MS', z.coerce.number().int().default(0)),
  },

  consolidation: {
    sweepIntervalMs: env('LIMBIC_REVIEW_SWEEP_INTERVAL_MS', int(1000, 86_400_000).default(60_000)),
    /** Reviews due within this horizon become delayed jobs at each sweep. */
    horizonMs: env('LIMBIC_REVIEW_HORIZON_MS', int(0, 86_400_000).default(600_000)),
    /** Most reviews one sweep enqueues (the rest wait for the next sweep). */
    sweepMax: env('LIMBIC_REVIEW_SWEEP_MAX', int(1, 10_000_000).default(50_000)),
    /** Tenants this worker's review sweep covers (sharding, tests); null: all. */
    tenants: env('LIMBIC_REVIEW_TENANTS', tenantList.transform((tenants) => (tenants.length === 0 ? null : tenants))),
    /** When a review archives a faded memory; the defaults are libs/affect's, an operator may tune them. */
    archive: {
      strengthBelow: env('LIMBIC_ARCHIVE_STRENGTH_BELOW', fraction.default(DEFAULT_ARCHIVE_THRESHOLDS.strengthBelow)),
      importanceBelow: env('LIMBIC_ARCHIVE_IMPORTANCE_BELOW', fraction.default(DEFAULT_ARCHIVE_THRESHOLDS.importanceBelow)),
    },
  },

  /**
   * Per-queue overrides of libs/jobs/src/queue-settings.ts (concurrency, attempts, backoff,
   * locks, timeouts, retention), queue → setting → number: `{"appraisal":{"concurrency":16}}`.
   * Only the shape is checked here; libs/jobs checks the names and ranges (resolveQueueSettings).
   */
  queueSettings: env(
    'LIMBIC_QUEUE_SETTINGS',
    json<Readonly<Record<string, Readonly<Record<string, number>>>>>(z.record(z.string(), z.record(z.string(), z.number())), {}, '{"<queue>": {"<setting>": <number>}}'),
  ),
} as const;

/** The variables by name, as one zod object (validation, and the names docker-compose.spec.ts checks). */
export const envSchema = flatSchema(CONFIG_TABLE);
