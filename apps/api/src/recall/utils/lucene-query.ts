import { searchTerms } from '@limbic/affect';

/** Characters with a meaning in Lucene's classic query syntax. */
const LUCENE_SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/]/g;
/** Lucene refuses boolean queries of more than 1024 clauses; a recall query needs far fewer. */
export const MAX_LUCENE_TERMS = 64;

/**
 * The user's text as a Lucene query that means "any of these words": its search terms
 * (lower-case, function words dropped — see searchTerms), special characters escaped, at
 * most MAX_LUCENE_TERMS terms. Lower case also keeps AND/OR/NOT from acting as operators.
 * Null when nothing searchable is left. The result still travels as a query parameter,
 * never inside Cypher.
 */
export function toLuceneQuery(text: string): string | null {
  const terms = searchTerms(text)
    .slice(0, MAX_LUCENE_TERMS)
    .map((t) => t.replace(LUCENE_SPECIAL, (c) => `\\${c}`));
  return terms.length > 0 ? terms.join(' ') : null;
}

/**
 * `lucene` (from toLuceneQuery) restricted to one agent's memories: the fulltext index holds
 * content, tenantId and agentId (schema 008), so the content terms are qualified with their
 * field and the two ids are required phrases boosted by 0 — they filter without changing the
 * BM25 score. An id the analyzer reduces to nothing (a stop word, punctuation only) drops its
 * clause and the scan is merely wider: the queries filter hits by tenant and agent themselves.
 */
export function scopeToAgent(lucene: string, tenantId: string, agentId: string): string {
  return `content:(${lucene}) AND tenantId:${phrase(tenantId)}^0 AND agentId:${phrase(agentId)}^0`;
}

/** The fulltext query a recall of `text` sends for one agent; null when `text` has no search terms. */
export function agentLuceneQuery(text: string, tenantId: string, agentId: string): string | null {
  const words = toLuceneQuery(text);
  return words === null ? null : scopeToAgent(words, tenantId, agentId);
}

/** Inside a quoted phrase only the quote and the backslash are special. */
function phrase(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
