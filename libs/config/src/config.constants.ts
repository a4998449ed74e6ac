/** The models scripts/fetch-model.sh can fetch, the default first. */
export const LOCAL_MODELS = ['bge-small-en-v1.5', 'all-MiniLM-L6-v2'] as const;
export type LocalModel = (typeof LOCAL_MODELS)[number];
/** bge-small-en-v1.5: on LoCoMo it lifts dense recall@10 from 0.43 (MiniLM) to 0.57, same 384 dimensions. */
export const DEFAULT_LOCAL_MODEL: LocalModel = LOCAL_MODELS[0];

/** Nest's log levels, least verbose first (LIMBIC_LOG_LEVEL names the most verbose one enabled). */
export const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Tenant used for every request when no API keys are configured. */
export const LOCAL_TENANT = 'local';
