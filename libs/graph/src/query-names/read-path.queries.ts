/** Recall seeds, spreading activation, recall effects and feedback (the read path). */
export const READ_PATH_QUERIES = [
  'recall.prelude',
  'recall.seeds-fulltext',
  'recall.candidates',
  'spread.activate',
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
