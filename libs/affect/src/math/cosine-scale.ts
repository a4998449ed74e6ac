/**
 * Embedding models put cosine similarity on different scales. Every cosine threshold and
 * recall weight in this library was set on all-MiniLM-L6-v2's, where a question and an
 * unrelated turn of the same conversation sit at cosine ≈ 0.26; bge-small-en-v1.5 puts
 * the same pairs at ≈ 0.53 and compresses everything into [0.5, 1]. A model's cosine scale s
 * maps its cosine c onto the reference scale by stretching the distance from identity:
 *
 *   c' = 1 − s · (1 − c)
 *
 * Identical texts stay at 1, and within one model the order of similarities is unchanged, so
 * nearest-neighbour search needs no change; thresholds (links, near-duplicates) and the
 * semantic signal's share of a recall score mean the same thing for every model.
 * s = (1 − c_ref) / (1 − c_model) for the median cosine of unrelated pairs; 1 is the reference.
 */
export const REFERENCE_COSINE_SCALE = 1;

/** A model's cosine on the reference scale. */
export function calibrateCosine(cosine: number, cosineScale: number): number {
  return 1 - cosineScale * (1 - cosine);
}

/** The model's raw cosine whose calibrated value is `calibrated` (for bars applied inside Neo4j). */
export function rawCosineFor(calibrated: number, cosineScale: number): number {
  return 1 - (1 - calibrated) / cosineScale;
}

/** Neo4j's vector index and vector.similarity.cosine report (1 + cos) / 2: the calibrated cosine of such a score. */
export function cosineFromIndexScore(score: number, cosineScale: number = REFERENCE_COSINE_SCALE): number {
  return calibrateCosine(2 * score - 1, cosineScale);
}

/** The index score (1 + cos) / 2 at which a raw cosine reaches `calibrated` on the reference scale. */
export function indexScoreFor(calibrated: number, cosineScale: number = REFERENCE_COSINE_SCALE): number {
  return (1 + rawCosineFor(calibrated, cosineScale)) / 2;
}
