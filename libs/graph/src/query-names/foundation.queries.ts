/** Health, schema, migration and index maintenance queries. */
export const FOUNDATION_QUERIES = [
  'health.ping',
  'schema.vector-index-dimension',
  'migration.lock-acquire',
  'migration.lock-release',
  'migration.applied',
  'migration.record',
  'migration.pending-indexes',
  'migration.await-index',
  'index.memory-count',
  'index.refresh-mark',
  'index.refresh-unmark',
] as const;
