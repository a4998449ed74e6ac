/** A concrete embedder implementation. */
export type EmbedderKind = 'hash' | 'openai' | 'local';
/** What LIMBIC_EMBEDDER may say: a kind, or `auto` (local model when present, else hash). */
export type EmbedderChoice = 'auto' | EmbedderKind;
export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';

export interface Neo4jSettings {
  readonly uri: string;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  readonly maxPoolSize: number;
  /** Units running in Neo4j at once (unit-gate.ts). */
  readonly maxActive: number;
  readonly maxWaiting: number;
  readonly maxWaitMs: number;
  readonly txTimeoutMs: number;
}

export interface OpenAiEmbedderSettings {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  readonly dimension: number;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly batchSize: number;
}

/** The models scripts/fetch-model.sh can fetch, the default first. */
export const LOCAL_MODELS = ['bge-small-en-v1.5', 'all-MiniLM-L6-v2'] as const;
export type LocalModel = (typeof LOCAL_MODELS)[number];
/** bge-small-en-v1.5: on LoCoMo it lifts dense recall@10 from 0.43 (MiniLM) to 0.57, same 384 dimensions. */
export const DEFAULT_LOCAL_MODEL: LocalModel = LOCAL_MODELS[0];

export interface LocalEmbedderSettings {
  /** LIMBIC_EMBEDDER_MODEL: the model whose folder `<repo>/models/<model>` is used when modelDir is null. */
  readonly model: LocalModel;
  /** Model folder; null means `<repo>/models/<model>`, resolved by @limbic/embeddings. */
  readonly modelDir: string | null;
  readonly batchSize: number;
  /** ONNX Runtime intra-op threads; 0 lets the runtime choose. */
  readonly threads: number;
}

export interface EmbedderSettings {
  readonly kind: EmbedderChoice;
  readonly hashDimension: number;
  readonly openai: OpenAiEmbedderSettings;
  readonly local: LocalEmbedderSettings;
}

export interface Limits {
  readonly maxContentBytes: number;
  readonly maxBatchItems: number;
  readonly maxRequestBytes: number;
  readonly maxTags: number;
  readonly maxTopK: number;
  readonly maxQueryComplexity: number;
  /** Cost one operation may have (LIMBIC_MAX_QUERY_COST). */
  readonly maxQueryCost: number;
}

/** A token bucket: refilled at `costPerSec` (0: no limit), holding at most `burst`. */
export interface RateLimit {
  readonly costPerSec: number;
  readonly burst: number;
}

export interface RateLimitSettings {
  /** Every tenant's limit unless `tenants` names it. */
  readonly default: RateLimit;
  readonly tenants: ReadonlyMap<string, RateLimit>;
}

export interface LimbicConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly logLevel: LogLevel;
  readonly neo4j: Neo4jSettings;
  readonly redis: RedisSettings;
  readonly api: {
    readonly host: string;
    readonly port: number;
    /** LIMBIC_CONSISTENCY_SECRET, or one derived from the Neo4j credentials. */
    readonly consistencySecret: string;
  };
  readonly worker: {
    readonly host: string;
    readonly port: number;
    readonly sweepIntervalMs: number;
    /** LIMBIC_SWEEP_PAGE_SIZE / LIMBIC_SWEEP_PAGE_MS: one sweep page's bounds in rows and time. */
    readonly sweepPageSize: number;
    readonly sweepPageMs: number;
    /** Tenants the pending-appraisal and pending-recall sweeps are limited to; empty means all. */
    readonly sweepTenants: readonly string[];
    /** LIMBIC_RECALL_RECORD_RETENTION_MS: recall records older than this are deleted by the worker. */
    readonly recallRecordRetentionMs: number;
    /** LIMBIC_REEMBED_BATCH. */
    readonly reembedBatch: number;
    /** How often the vector index refresher looks for a burst of writes that went quiet; 0: never. */
    readonly indexRefreshIntervalMs: number;
  };
  /** The bounded state history each agent keeps (graph: :StateSample). */
  readonly stateHistory: {
    /** LIMBIC_STATE_HISTORY_SIZE: samples kept per agent, newest first. */
    readonly size: number;
    /** LIMBIC_STATE_HISTORY_SPACING_MS: state changes closer than this to the newest sample update it. */
    readonly spacingMs: number;
  };
  /** API key → tenant id. Empty map means single-tenant local mode. */
  readonly apiKeys: ReadonlyMap<string, string>;
  /** True when no keys are configured: one implicit tenant, loopback only. */
  readonly singleTenant: boolean;
  readonly embedder: EmbedderSettings;
  readonly limits: Limits;
  /** Per-tenant rate limit, charged by operation cost (off in single-tenant mode). */
  readonly rateLimit: RateLimitSettings;
  readonly runMigrations: boolean;
  /** GraphQL introspection on (LIMBIC_GRAPHQL_INTROSPECTION; default off in production). */
  readonly introspection: boolean;
  readonly appraiser: AppraiserSettings;
  readonly ops: OpsSettings;
  readonly consolidation: ConsolidationSettings;
  /**
   * LIMBIC_QUEUE_SETTINGS: overrides of the per-queue table in libs/jobs/src/queue-settings.ts,
   * queue → setting → integer; names and ranges are checked there (resolveQueueSettings).
   */
  readonly queueSettings: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export interface HostPort {
  readonly host: string;
  readonly port: number;
}

/**
 * How every process reaches Redis: one server by URL, a master found through Sentinels (which
 * follow a failover), or a Cluster (BullMQ's keys must then share a hash slot per queue prefix).
 */
export type RedisSettings =
  | { readonly mode: 'standalone'; readonly url: string }
  | {
      readonly mode: 'sentinel';
      readonly sentinels: readonly HostPort[];
      readonly name: string;
      readonly sentinelPassword: string | null;
      readonly username: string | null;
      readonly password: string | null;
      readonly tls: boolean;
    }
  | {
      readonly mode: 'cluster';
      readonly nodes: readonly HostPort[];
      readonly username: string | null;
      readonly password: string | null;
      readonly tls: boolean;
    };

export interface OpsSettings {
  /** Key for /admin (queue dashboard); empty means the dashboard is off. */
  readonly adminKey: string;
  readonly logFormat: 'json' | 'text';
  readonly queuePrefix: string;
  /** Test-only clock shift for the worker; always 0 outside NODE_ENV=test. */
  readonly clockOffsetMs: number;
}

export interface ConsolidationSettings {
  readonly sweepIntervalMs: number;
  readonly horizonMs: number;
  readonly sweepMax: number;
  /** Tenants the review sweep covers; null means all. */
  readonly tenants: readonly string[] | null;
  readonly archiveStrengthBelow: number;
  readonly archiveImportanceBelow: number;
}

/** The slow-path appraiser; `llm` is null unless LIMBIC_APPRAISER=llm. */
export interface AppraiserSettings {
  readonly kind: 'lexicon' | 'llm';
  readonly llm: LlmAppraiserSettings | null;
  /** LIMBIC_GIVEN_AFFECT_TRUST: share of a caller-given affect the appraisal keeps, [0, 1]. */
  readonly givenAffectTrust: number;
}

export interface LlmAppraiserSettings {
  /** Without a trailing slash; `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly cacheSize: number;
}

/** Tenant used for every request when no API keys are configured. */
export const LOCAL_TENANT = 'local';
