/** Correcting what is stored: updateMemory, updateAgent and memories' revisions. */
export const REVISION_QUERIES = [
  'revision.append',
  'revision.list',
  'revision.merged-into',
  'memory.update-load',
  'memory.update-unlink',
  'memory.update-apply',
  'agent.update',
  'lifecycle.export-revisions',
  'lifecycle.import-revisions',
] as const;
