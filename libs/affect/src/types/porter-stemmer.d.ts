// porter-stemmer ships no types: Martin Porter's original algorithm, the one Lucene's
// PorterStemFilter (in Neo4j's `english` fulltext analyzer) implements.
declare module 'porter-stemmer' {
  export function stemmer(word: string): string;
  export function memoizingStemmer(word: string): string;
}
