import { clamp01 } from '../../math/scalar';

/** semantic = cosine(query, memory) clamped to [0, 1]. */
export function semanticSignal(cosine: number): number {
  return clamp01(cosine);
}

/** lexical = BM25 / best BM25 among the candidates; 0 when nothing matched. */
export function lexicalSignal(bm25: number, bestBm25: number): number {
  return bestBm25 > 0 ? clamp01(bm25 / bestBm25) : 0;
}
