/** Recall seeds, spreading activation and recall effects (the read path). */
export const READ_PATH_QUERIES = ['memory.count-for-agent', 'recall.vector-exact', 'recall.vector-index'] as const;
