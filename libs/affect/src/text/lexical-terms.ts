import { memoizingStemmer } from 'porter-stemmer';
import { FUNCTION_WORDS } from '../cue-words';

const FUNCTION = new Set(FUNCTION_WORDS);

/**
 * The terms a text is indexed and searched by for Limbic's own BM25: lower-case runs of
 * letters and digits ("caroline's" → caroline, s), without function words and stray single
 * letters (the "s" and "t" of possessives and contractions), Porter-stemmed — the same
 * algorithm as the `english` analyzer of the fulltext index, so both sides agree on what a
 * word is. Repeats are kept (term frequency counts them).
 */
export function lexicalTerms(text: string): readonly string[] {
  const out: string[] = [];
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (token.length === 0 || FUNCTION.has(token) || (token.length === 1 && !/\p{N}/u.test(token))) continue;
    out.push(memoizingStemmer(token));
  }
  return out;
}

/** A document as BM25 sees it: its length in terms and how often each term occurs. */
export interface TermProfile {
  readonly length: number;
  readonly counts: ReadonlyMap<string, number>;
}

export function termProfile(text: string): TermProfile {
  const terms = lexicalTerms(text);
  const counts = new Map<string, number>();
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { length: terms.length, counts };
}

/** A query's distinct terms, in order. */
export function queryTerms(text: string): readonly string[] {
  return [...new Set(lexicalTerms(text))];
}

/**
 * What a set of memories adds to (sign 1) or removes from (sign −1) an agent's term
 * statistics: the number of documents, their total length, and each term's document
 * frequency.
 */
export interface LexiconDelta {
  readonly docs: number;
  readonly terms: number;
  readonly df: readonly { readonly term: string; readonly df: number }[];
}

export function lexiconDelta(texts: readonly string[], sign: 1 | -1 = 1): LexiconDelta {
  const df = new Map<string, number>();
  let length = 0;
  for (const text of texts) {
    const profile = termProfile(text);
    length += profile.length;
    for (const term of profile.counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  }
  return {
    docs: sign * texts.length,
    terms: sign * length,
    // Sorted so the delta is deterministic; Map keys are unique, so there is no tie.
    df: [...df].sort(([a], [b]) => (a < b ? -1 : 1)).map(([term, n]) => ({ term, df: sign * n })),
  };
}
