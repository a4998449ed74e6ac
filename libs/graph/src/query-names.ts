/**
 * Every query Limbic runs. Each name `a.b-c` is the file `cypher/queries/a.b-c.cypher`.
 * The registry refuses to start when one is missing, so a typo fails at boot, not at 3 am.
 */
export const QUERY_NAMES = [
  'health.ping',
  'agent.create',
  'agent.get',
  'memory.create',
  'memory.create-idempotent',
  'memory.get',
  'memory.count-for-agent',
  'recall.vector-exact',
  'recall.vector-index',
  'appraisal.load',
  'appraisal.apply',
  'appraisal.find-pending',
  'schema.vector-index-dimension',
  'migration.lock-acquire',
  'migration.lock-release',
  'migration.applied',
  'migration.record',
] as const;

export type QueryName = (typeof QUERY_NAMES)[number];
