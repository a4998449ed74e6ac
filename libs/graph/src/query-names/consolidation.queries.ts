/** Spaced review, decay, pruning, archiving and merging (the consolidation worker). */
export const CONSOLIDATION_QUERIES = [
  'consolidation.find-due',
  'consolidation.find-unscheduled',
  'consolidation.set-schedules',
  'consolidation.review-lock',
  'consolidation.review-load',
  'consolidation.merge-into',
  'consolidation.edges-decay',
  'consolidation.edges-prune',
  'consolidation.review-apply',
] as const;
