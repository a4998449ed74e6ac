import { BM25 } from '../../constants';
import type { TermProfile } from '../../text/lexical-terms';

/**
 * Term statistics of one agent's memories: how many there are, their total length in terms,
 * and the document frequency of each query term (a term absent from the map occurs nowhere).
 */
export interface TermStatistics {
  readonly docs: number;
  readonly totalLength: number;
  readonly df: ReadonlyMap<string, number>;
}

/** Inverse document frequency, Lucene's BM25 form: ln(1 + (N − df + 0.5) / (df + 0.5)). */
export function bm25Idf(docs: number, df: number): number {
  const n = Math.max(docs, df, 0);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * BM25 of one document for the query's distinct terms against the agent's own statistics:
 * Σ idf(t) · tf·(k1 + 1) / (tf + k1·(1 − b + b·len/avgLen)). 0 when no term occurs.
 *
 * Why own statistics: the fulltext index is shared by every agent and tenant, so its IDF
 * says how rare a word is in everybody's memories. An agent's own name, or the topic it talks
 * about all day, is rare in the index and common in its memories: index-wide IDF made such
 * words outweigh the ones that tell its memories apart (and let one tenant's writes move
 * another's scores).
 */
export function bm25(doc: TermProfile, terms: readonly string[], stats: TermStatistics, k1: number = BM25.k1, b: number = BM25.b): number {
  if (doc.length === 0 || stats.docs <= 0) return 0;
  const avgLength = stats.totalLength > 0 ? stats.totalLength / stats.docs : doc.length;
  const norm = k1 * (1 - b + (b * doc.length) / avgLength);
  let score = 0;
  for (const term of terms) {
    const tf = doc.counts.get(term);
    if (tf === undefined) continue;
    // A term the statistics have not seen yet (written since they were read) counts once.
    score += bm25Idf(stats.docs, Math.max(1, stats.df.get(term) ?? 0)) * ((tf * (k1 + 1)) / (tf + norm));
  }
  return score;
}
