/**
 * What a recall changes afterwards (access counts, Hebbian edges, the agent's state, the recall's
 * record and its expiry) and feedback on a recalled memory.
 */
export const RECALL_EFFECTS_QUERIES = [
  'recall-effects.begin',
  'recall-effects.load-memories',
  'recall-effects.load-pairs',
  'recall-effects.apply-memories',
  'recall-effects.apply-edges',
  'recall-effects.apply-agent',
  'recall-effects.record',
  'recall-effects.record-pending',
  'recall-effects.find-pending',
  'recall-effects.expire',
  'feedback.load',
  'feedback.apply',
] as const;
