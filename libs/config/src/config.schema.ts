import { z } from 'zod';

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

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LIMBIC_LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),

  NEO4J_URI: url(['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc']).default('bolt://127.0.0.1:7687'),
  NEO4J_USER: z.string().min(1).default('neo4j'),
  NEO4J_PASSWORD: z.string().min(1).default('limbic-dev-password'),
  NEO4J_DATABASE: z.string().regex(/^[a-z][a-z0-9.-]{2,62}$/, 'must be a valid Neo4j database name').default('neo4j'),
  NEO4J_MAX_POOL_SIZE: int(1, 1000).default(50),
  NEO4J_TX_TIMEOUT_MS: int(100, 600_000).default(30_000),

  REDIS_URL: url(['redis', 'rediss']).default('redis://127.0.0.1:6379'),

  LIMBIC_HOST: z.string().min(1).default('127.0.0.1'),
  LIMBIC_PORT: int(1, 65535).default(4000),
  LIMBIC_WORKER_HOST: z.string().min(1).default('127.0.0.1'),
  LIMBIC_WORKER_PORT: int(0, 65535).default(4001),
  /** `key:tenant` pairs separated by commas. Empty means single-tenant local mode. */
  LIMBIC_API_KEYS: z.string().default(''),

  LIMBIC_EMBEDDER: z.enum(['hash', 'openai']).default('hash'),
  LIMBIC_HASH_DIM: int(16, 4096).default(384),
  OPENAI_BASE_URL: url(['http', 'https']).default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().default(''),
  OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
  OPENAI_EMBEDDING_DIM: int(1, 8192).default(1536),
  OPENAI_TIMEOUT_MS: int(100, 300_000).default(15_000),
  OPENAI_MAX_RETRIES: int(0, 10).default(3),
  OPENAI_BATCH_SIZE: int(1, 2048).default(128),

  LIMBIC_MAX_CONTENT_BYTES: int(1, 1_048_576).default(32_768),
  LIMBIC_MAX_BATCH_ITEMS: int(1, 10_000).default(500),
  LIMBIC_MAX_TAGS: int(0, 1000).default(32),
  LIMBIC_MAX_TOP_K: int(1, 1000).default(100),
  LIMBIC_GRAPHQL_MAX_COMPLEXITY: int(10, 1_000_000).default(5000),

  LIMBIC_APPRAISAL_CONCURRENCY: int(1, 64).default(4),
  LIMBIC_SWEEP_INTERVAL_MS: int(1000, 86_400_000).default(30_000),
  LIMBIC_RUN_MIGRATIONS: bool.default(true),
});

export type RawEnv = z.input<typeof envSchema>;
export type ParsedEnv = z.output<typeof envSchema>;
