/**
 * Encoding memories (chain, link, replay by external id) and reading one back; lexicon.adjust is
 * the document-frequency update that every writer of content (encode, merge, import, delete) runs.
 * The slow-path appraisal has its own list.
 */
export const ENCODE_QUERIES = [
  'encode.existing-external',
  'encode.chain-window',
  'encode.create-memories',
  'encode.link',
  'encode.unchain',
  'encode.raise-graph-rev',
  'lexicon.adjust',
  'memory.get',
] as const;
