/**
 * A memory's valence as a label beside `:Memory`, for people looking at the graph in Neo4j
 * Browser: its style sheets (GRASS, cypher/browser/limbic.grass) pick a node's colour by label
 * only, never by a property's value, and a query cannot return a node with labels it does not
 * have (virtual nodes need APOC, which Limbic does not install). So the band is stored, and kept
 * true by every write of `valence`: encode, appraisal, reconsolidation (recall effects),
 * updateMemory and import each set it from `valenceBand`, and schema 016 labels the memories
 * written before it, from `VALENCE_BANDS` passed as a parameter. Nothing in Limbic reads it.
 */
export const VALENCE_BANDS = [
  { label: 'VeryNegative', from: Number.NEGATIVE_INFINITY },
  { label: 'Negative', from: -0.5 },
  { label: 'Neutral', from: -0.15 },
  { label: 'Positive', from: 0.15 },
  { label: 'VeryPositive', from: 0.5 },
] as const;

export type ValenceBand = (typeof VALENCE_BANDS)[number]['label'];

/** Every band label: a write removes them all before it sets the one that fits. */
export const VALENCE_BAND_LABELS: readonly ValenceBand[] = VALENCE_BANDS.map((b) => b.label);

/** The band a valence falls in: the last whose lower bound it reaches (NaN counts as neutral). */
export function valenceBand(valence: number): ValenceBand {
  if (Number.isNaN(valence)) return 'Neutral';
  let band: ValenceBand = VALENCE_BANDS[0].label;
  for (const b of VALENCE_BANDS) if (valence >= b.from) band = b.label;
  return band;
}
