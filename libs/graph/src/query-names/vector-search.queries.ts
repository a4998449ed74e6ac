/** The one agent-scoped nearest-neighbour search (AgentVectorSearch), its fallback and the index state it checks. */
export const VECTOR_SEARCH_QUERIES = ['vector.agent-nearest', 'vector.agent-nearest-exact', 'vector.index-state'] as const;
