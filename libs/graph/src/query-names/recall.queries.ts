/** The reads of one recall: its prelude, fulltext seeds, candidate rows and spreading activation. */
export const RECALL_QUERIES = ['recall.prelude', 'recall.seeds-fulltext', 'recall.candidates', 'recall.episode-ids', 'spread.activate', 'spread.graph-rev', 'spread.agent-graph'] as const;
