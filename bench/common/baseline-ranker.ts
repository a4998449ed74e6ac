import type { Embedder } from '@limbic/embeddings';
import { Bm25, cosineRank, reciprocalRankFusion, STOP_WORDS, type Ranked } from './baselines';

export const BASELINES = ['cosine', 'bm25', 'rrf'] as const;
export type BaselineName = (typeof BASELINES)[number];

export interface BaselineAnswer {
  /** The top-10 ids of each baseline. */
  readonly top: Record<BaselineName, string[]>;
  /** In-process milliseconds; cosine includes embedding the query, rrf includes both rankings. */
  readonly ms: Record<BaselineName, number>;
}

/**
 * The protocols' baselines over one set of documents, exact: cosine with the server's
 * embedder, BM25 (k1 1.2, b 0.75), and their reciprocal-rank fusion (k 60) over both full rankings.
 */
export class BaselineRanker {
  private constructor(
    private readonly embedder: Embedder,
    private readonly docs: readonly { id: string; vector: readonly number[] }[],
    private readonly bm25: Bm25,
  ) {}

  static async build(embedder: Embedder, docs: readonly { id: string; text: string }[], stopWords: boolean): Promise<BaselineRanker> {
    const vectors = await embedder.embed(docs.map((d) => d.text));
    return new BaselineRanker(
      embedder,
      docs.map((d, i) => ({ id: d.id, vector: vectors[i]! })),
      new Bm25(docs, stopWords ? STOP_WORDS : null),
    );
  }

  async rank(query: string): Promise<BaselineAnswer> {
    let t0 = performance.now();
    const [qv] = await this.embedder.embed([query]);
    const cos = cosineRank(qv!, this.docs);
    const cosMs = performance.now() - t0;
    t0 = performance.now();
    const lex = this.bm25.rank(query);
    const bm25Ms = performance.now() - t0;
    t0 = performance.now();
    const fused = reciprocalRankFusion([cos, lex], 60);
    const rrfMs = performance.now() - t0 + cosMs + bm25Ms;
    const top = (r: Ranked[]) => r.slice(0, 10).map((x) => x.id);
    return { top: { cosine: top(cos), bm25: top(lex), rrf: top(fused) }, ms: { cosine: cosMs, bm25: bm25Ms, rrf: rrfMs } };
  }
}

/** How the baselines were computed, for a report's notes. */
export function baselineNote(scope: string, embedderName: string, stopWords: boolean): string {
  return (
    `Baselines ${scope}, exact: cosine = ${embedderName} on the same contents; BM25 k1 1.2, b 0.75, IDF ln(1 + (N − df + 0.5)/(df + 0.5)), ` +
    `tokenizer lower-case + split on non-letters/digits${stopWords ? ` + ${STOP_WORDS.size} English stop words dropped` : ', no stop words'}; RRF k 60 over both full rankings.`
  );
}
