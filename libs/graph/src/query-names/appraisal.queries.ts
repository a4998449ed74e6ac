/** Slow-path appraisal (the worker's `appraisal` queue) and the pending-appraisal sweep. */
export const APPRAISAL_QUERIES = [
  'appraisal.load',
  'appraisal.lock',
  'appraisal.subject',
  'appraisal.novelty-siblings',
  'appraisal.goals',
  'appraisal.edges',
  'appraisal.apply',
  'appraisal.revise-edges',
  'appraisal.find-pending',
] as const;
