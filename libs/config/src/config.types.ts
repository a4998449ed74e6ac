import type { deriveConfig } from './derive-config';

export { DEFAULT_LOCAL_MODEL, LOCAL_MODELS, LOCAL_TENANT, LOG_LEVELS, type LocalModel, type LogLevel } from './config.constants';

/** Read-only all the way down: the config is validated once and shared by every consumer. */
export type Frozen<T> =
  T extends ReadonlyMap<infer K, infer V>
    ? ReadonlyMap<K, Frozen<V>>
    : T extends readonly (infer E)[]
      ? readonly Frozen<E>[]
      : T extends object
        ? { readonly [P in keyof T]: Frozen<T[P]> }
        : T;

/**
 * The typed configuration, derived from the variable table (config.schema.ts) and the
 * settings load-config derives from several variables; no field is written down twice.
 */
export type LimbicConfig = Frozen<ReturnType<typeof deriveConfig>>;

export type Neo4jSettings = LimbicConfig['neo4j'];
export type EmbedderSettings = LimbicConfig['embedder'];
export type OpenAiEmbedderSettings = EmbedderSettings['openai'];
export type LocalEmbedderSettings = EmbedderSettings['local'];
/** What LIMBIC_EMBEDDER may say: a kind, or `auto` (local model when present, else hash). */
export type EmbedderChoice = EmbedderSettings['kind'];
/** A concrete embedder implementation. */
export type EmbedderKind = Exclude<EmbedderChoice, 'auto'>;
export type Limits = LimbicConfig['limits'];
export type OpsSettings = LimbicConfig['ops'];
export type ConsolidationSettings = LimbicConfig['consolidation'];
/** The slow-path appraiser; `llm` is null unless LIMBIC_APPRAISER=llm. */
export type AppraiserSettings = LimbicConfig['appraiser'];
export type LlmAppraiserSettings = NonNullable<AppraiserSettings['llm']>;

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
