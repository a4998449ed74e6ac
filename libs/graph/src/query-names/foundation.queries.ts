/** Health, schema and migration queries. */
export const FOUNDATION_QUERIES = [
  'health.ping',
  'schema.vector-index-dimension',
  'migration.lock-acquire',
  'migration.lock-release',
  'migration.applied',
  'migration.record',
] as const;
