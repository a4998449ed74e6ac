/** An agent's node, state, goals and primed concepts (creating, reading and saving them). */
export const AGENT_QUERIES = [
  'agent.create',
  'agent.get',
  'agent.lock-state',
  'agent.save-state',
  'agent.record-state',
  'agent.state-history',
  'agent.reset-state',
  'agent.reset-weights',
  'agent.set-goals',
  'agent.goals',
  'agent.primed',
  'agent.save-primed',
] as const;
