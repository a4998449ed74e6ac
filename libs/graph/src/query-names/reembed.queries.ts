/** Embedding spaces and re-embed runs (embedding-space/, reembed/). */
export const REEMBED_QUERIES = [
  'embedding-space.all',
  'reembed.start',
  'reembed.get',
  'reembed.runs',
  'reembed.in-progress',
  'reembed.pending',
  'reembed.write-vectors',
  'reembed.advance',
  'reembed.switch',
  'reembed.clear-old',
  'reembed.slot-in-use',
  'reembed.tenant-known',
  'reembed.create-index',
  'reembed.drop-index',
  'reembed.drop-legacy-index',
  'reembed.drop-filtered-index',
] as const;
