/** Agents, encoding and appraisal (the write path). */
export const WRITE_PATH_QUERIES = [
  'agent.create',
  'agent.get',
  'memory.create',
  'memory.create-idempotent',
  'memory.get',
  'appraisal.load',
  'appraisal.apply',
  'appraisal.find-pending',
] as const;
