/**
 * The baselines of the protocol, computed in-process on the same texts as the API sees:
 * pure cosine with the same embedder, BM25, and their reciprocal-rank fusion.
 */

/**
 * A small English stop-word list (function words only). BM25's IDF already discounts them;
 * dropping them keeps question words ("what", "did") from matching every turn.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if then else of at by for with about against between into through during before after above below to from up down in out on off over under ' +
    'again further once here there when where why how what which who whom whose this that these those am is are was were be been being have has had having do does did doing ' +
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves ' +
    'would should could can will shall might must not no nor so than too very s t just don also as such only own same other some any each few more most both all'
  ).split(/\s+/),
);

/** Lower-case, split on anything that is not a letter or a digit, optionally drop stop words. */
export function tokenize(text: string, stopWords: ReadonlySet<string> | null = STOP_WORDS): string[] {
  const tokens = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return stopWords ? tokens.filter((t) => !stopWords.has(t)) : tokens;
}

export interface Ranked {
  readonly id: string;
  readonly score: number;
}

/**
 * Okapi BM25 over one sample's turns (k1 1.2, b 0.75), with the non-negative IDF
 * ln(1 + (N − df + 0.5) / (df + 0.5)). Each distinct query term counts once.
 */
export class Bm25 {
  private readonly docs: { id: string; tf: Map<string, number>; length: number }[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(
    docs: readonly { id: string; text: string }[],
    private readonly stopWords: ReadonlySet<string> | null = STOP_WORDS,
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = docs.map((d) => {
      const tokens = tokenize(d.text, stopWords);
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return { id: d.id, tf, length: tokens.length };
    });
    this.avgLength = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length);
  }

  /** Documents with a positive score, best first (ties by insertion order). */
  rank(query: string): Ranked[] {
    const n = this.docs.length;
    const terms = [...new Set(tokenize(query, this.stopWords))].filter((t) => this.df.has(t));
    const idf = terms.map((t) => Math.log(1 + (n - this.df.get(t)! + 0.5) / (this.df.get(t)! + 0.5)));
    const out: Ranked[] = [];
    for (const d of this.docs) {
      let score = 0;
      terms.forEach((t, i) => {
        const tf = d.tf.get(t);
        if (tf) score += (idf[i]! * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * d.length) / (this.avgLength || 1)));
      });
      if (score > 0) out.push({ id: d.id, score });
    }
    return stableSort(out);
  }
}

/** Exact cosine ranking of unit vectors (the embedders return L2-normalised vectors). */
export function cosineRank(query: readonly number[], docs: readonly { id: string; vector: readonly number[] }[]): Ranked[] {
  return stableSort(
    docs.map((d) => {
      let dot = 0;
      for (let i = 0; i < query.length; i++) dot += query[i]! * (d.vector[i] ?? 0);
      return { id: d.id, score: dot };
    }),
  );
}

/** Reciprocal-rank fusion: Σ 1 / (k + rank) over the lists a document appears in (rank 1-based). */
export function reciprocalRankFusion(lists: readonly (readonly Ranked[])[], k = 60): Ranked[] {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((r, i) => scores.set(r.id, (scores.get(r.id) ?? 0) + 1 / (k + i + 1)));
  return stableSort([...scores].map(([id, score]) => ({ id, score })));
}

function stableSort(rows: Ranked[]): Ranked[] {
  return rows.map((r, i) => ({ r, i })).sort((a, b) => b.r.score - a.r.score || a.i - b.i).map(({ r }) => r);
}
