/**
 * The one agent-scoped nearest-neighbour search (AgentVectorSearch): unfiltered, filtered with or
 * without a scope (recall filters), its exact fallback and the index state it checks.
 */
export const VECTOR_SEARCH_QUERIES = [
  'vector.agent-nearest',
  'vector.agent-nearest-filtered',
  'vector.agent-nearest-scoped',
  'vector.agent-nearest-exact',
  'vector.agent-nearest-resident',
  'vector.agent-copy-state',
  'vector.agent-copy-page',
  'vector.memory-vectors',
  'vector.index-state',
] as const;
