/**
 * What an appraiser reads off the text alone. Novelty comes from the graph and the goal
 * checks from the agent's goals, so they are not asked of it.
 */
export interface TextChecks {
  /** [−1, 1]: the event's tone from the agent's side (conduciveness to goals in general). */
  readonly tone: number;
  /** [−1, 1]: used when the agent has no goals to compare with. */
  readonly goalConduciveness: number;
  /** [0, 1] */
  readonly copingPotential: number;
  /** [−1, 1] */
  readonly normCompatibility: number;
  /** [0, 1], or null when the appraiser has no reading (the lexicon). */
  readonly selfRelevance: number | null;
  /** Stored on the memory as `appraisalSource`. */
  readonly source: 'lexicon' | 'llm' | 'lexicon-fallback';
}

/** Never rejects: an appraiser that cannot answer falls back to the lexicon itself. */
export interface TextAppraiser {
  appraise(text: string): Promise<TextChecks>;
}

export const TEXT_APPRAISER = Symbol('TEXT_APPRAISER');
