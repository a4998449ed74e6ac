/** Characters with a meaning in Lucene's classic query syntax. */
const LUCENE_SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/]/g;
/** Words the parser reads as operators when upper-case. */
const LUCENE_OPERATORS = /\b(AND|OR|NOT|TO)\b/g;
/** Lucene refuses boolean queries of more than 1024 clauses; a recall query needs far fewer. */
export const MAX_LUCENE_TERMS = 64;

/**
 * The user's text as a Lucene query that means "any of these words": special characters
 * escaped, operators lower-cased, at most MAX_LUCENE_TERMS terms. Null when nothing
 * searchable is left. The result still travels as a query parameter, never inside Cypher.
 */
export function toLuceneQuery(text: string): string | null {
  const terms = text
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .slice(0, MAX_LUCENE_TERMS)
    .map((t) => t.replace(LUCENE_SPECIAL, (c) => `\\${c}`).replace(LUCENE_OPERATORS, (w) => w.toLowerCase()));
  const query = terms.join(' ');
  return /[\p{L}\p{N}]/u.test(query) ? query : null;
}
