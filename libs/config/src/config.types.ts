export type EmbedderKind = 'hash' | 'openai';
export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';

export interface Neo4jSettings {
  readonly uri: string;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  readonly maxPoolSize: number;
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

export interface EmbedderSettings {
  readonly kind: EmbedderKind;
  readonly hashDimension: number;
  readonly openai: OpenAiEmbedderSettings;
}

export interface Limits {
  readonly maxContentBytes: number;
  readonly maxBatchItems: number;
  readonly maxTags: number;
  readonly maxTopK: number;
  readonly maxQueryComplexity: number;
}

export interface LimbicConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly logLevel: LogLevel;
  readonly neo4j: Neo4jSettings;
  readonly redisUrl: string;
  readonly api: { readonly host: string; readonly port: number };
  readonly worker: {
    readonly host: string;
    readonly port: number;
    readonly appraisalConcurrency: number;
    readonly sweepIntervalMs: number;
  };
  /** API key → tenant id. Empty map means single-tenant local mode. */
  readonly apiKeys: ReadonlyMap<string, string>;
  /** True when no keys are configured: one implicit tenant, loopback only. */
  readonly singleTenant: boolean;
  readonly embedder: EmbedderSettings;
  readonly limits: Limits;
  readonly runMigrations: boolean;
}

/** Tenant used for every request when no API keys are configured. */
export const LOCAL_TENANT = 'local';
