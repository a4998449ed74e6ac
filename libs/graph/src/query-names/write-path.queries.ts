/** Agents and encoding (the write path); the slow-path appraisal has its own list. */
export const WRITE_PATH_QUERIES = [
  'agent.create',
  'agent.get',
  'agent.lock-state',
  'agent.save-state',
  'agent.reset-state',
  'agent.set-goals',
  'agent.goals',
  'agent.primed',
  'agent.save-primed',
  'encode.existing-external',
  'encode.chain-window',
  'encode.create-memories',
  'encode.link',
  'encode.unchain',
  'lexicon.adjust',
  'memory.get',
] as const;
