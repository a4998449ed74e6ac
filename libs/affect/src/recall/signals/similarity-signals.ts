import { SIGNALS } from '../../constants';
import { clamp01 } from '../../math/scalar';

/** The cosines of the candidates scored together: the semantic signal's scale. */
export interface CosineRange {
  readonly min: number;
  readonly max: number;
}

/**
 * semantic = where the memory's cosine (clamped to [0, 1]) lies between the weakest and the
 * strongest candidate's: 1 for the closest, 0 for the farthest, the range taken as at least
 * SIGNALS.semantic.minRange; the clamped cosine itself when the candidates do not differ (one
 * candidate, or all alike).
 *
 * Relative, as lexical is to the best BM25, so that a weight buys the same share of the
 * ranking whatever band a model and a query put the candidates' cosines in (the band is
 * narrower than [0, 1]: a median 0.5 wide on the LoCoMo dev recalls with bge-small, calibrated).
 * There the relative signal at unchanged weights lifted recall@10 from 0.720 to 0.739–0.741 and
 * MRR@10 from 0.510 to 0.529–0.532; the raw cosine needed about twice the semantic weight for
 * the same recall@10 (0.739) at a lower MRR (0.521). bench/locomo/README.md §5.
 */
export function semanticSignal(cosine: number, range?: CosineRange): number {
  const c = clamp01(cosine);
  if (range === undefined || !(range.max - range.min > RANGE_EPSILON)) return c;
  return clamp01((c - range.min) / Math.max(range.max - range.min, SIGNALS.semantic.minRange));
}

/** Cosines closer than this are the same cosine: no range to rescale by. */
const RANGE_EPSILON = 1e-9;

/** lexical = BM25 / best BM25 among the candidates; 0 when nothing matched. */
export function lexicalSignal(bm25: number, bestBm25: number): number {
  return bestBm25 > 0 ? clamp01(bm25 / bestBm25) : 0;
}
