/** Spaced review, decay, pruning, archiving and merging (the consolidation worker). */
export const CONSOLIDATION_QUERIES = [] as const;
