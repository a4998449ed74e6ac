// vader-sentiment ships no types; this covers the one call we make.
declare module 'vader-sentiment' {
  export interface VaderPolarityScores {
    readonly neg: number;
    readonly neu: number;
    readonly pos: number;
    /** Normalised sum of valences, [−1, 1]. */
    readonly compound: number;
  }
  export const SentimentIntensityAnalyzer: {
    polarity_scores(text: string): VaderPolarityScores;
  };
}
