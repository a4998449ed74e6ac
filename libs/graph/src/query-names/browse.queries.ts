/** Listing agents and memories, and what a memory's node and edges hold (browsing an agent). */
export const BROWSE_QUERIES = [
  'browse.agents',
  'browse.agent-count',
  'browse.memories-desc',
  'browse.memories-asc',
  'browse.memory-count',
  'browse.memory-details',
  'browse.neighbours',
  'browse.neighborhood-layer',
  'browse.neighborhood-graph',
] as const;
