import { SentimentIntensityAnalyzer } from 'vader-sentiment';
import { LEXICON } from '../constants';
import { clamp, clamp01 } from '../math/scalar';
import type { AppraisalVector, LexiconAffect } from '../types/affect.types';

const NEUTRAL: LexiconAffect = { valence: 0, arousal: LEXICON.baselineArousal, confidence: 0 };

function exclamationEmphasis(text: string): number {
  const count = (text.match(/!/g) ?? []).length;
  return Math.min(1, count / LEXICON.exclamationSaturation);
}

/**
 * Valence and arousal of a text from the VADER lexicon (vader-sentiment), which handles
 * negation ("not good"), boosters and dampeners ("very", "slightly"), ALL-CAPS emphasis,
 * exclamation marks and contrast ("but").
 *
 * - valence = VADER's compound score, [−1, 1];
 * - arousal: VADER has no arousal norms and npm has no VAD lexicon package, so arousal is
 *   derived from intensity: 0.3 + 0.6·|compound| + 0.1·min(1, exclamations / 3);
 * - confidence = 1 − VADER's neutral share: the share of the text's sentiment mass carried
 *   by lexicon words, 0 when no lexicon word hits.
 */
export function lexiconAffect(text: string): { readonly valence: number; readonly arousal: number; readonly confidence: number } {
  if (text.trim() === '') return NEUTRAL;
  const scores = SentimentIntensityAnalyzer.polarity_scores(text);
  const confidence = clamp01(1 - scores.neu); // clamp01 maps NaN to 0
  const valence = confidence === 0 ? 0 : clamp(scores.compound, -1, 1);
  return {
    valence,
    arousal: clamp01(LEXICON.baselineArousal + LEXICON.intensityShare * Math.abs(valence) + LEXICON.exclamationShare * exclamationEmphasis(text)),
    confidence,
  };
}

/** What the graph and the goals contribute to an appraisal (DESIGN §3). */
export interface AppraisalInputs {
  /** [−1, 1]: 1 − max similarity to the agent's memories. */
  readonly novelty: number;
  /** From goalAppraisal(); when missing, derived from the text's valence. */
  readonly goalConduciveness?: number;
  readonly selfRelevance?: number;
}

/**
 * The default (lexicon) appraiser: novelty from the graph, conduciveness and relevance from
 * the goals, coping potential and norm compatibility read off the text's valence:
 *   coping = 0.5 + 0.3·v,  norm = 0.6·v,
 *   selfRelevance defaults to 0.5, conduciveness defaults to v × selfRelevance.
 */
export function lexiconAppraisal(text: string, inputs: AppraisalInputs): AppraisalVector {
  const { valence } = lexiconAffect(text);
  const selfRelevance = clamp01(inputs.selfRelevance ?? LEXICON.defaultSelfRelevance);
  return {
    novelty: clamp(inputs.novelty, -1, 1),
    goalConduciveness: clamp(inputs.goalConduciveness ?? valence * selfRelevance, -1, 1),
    copingPotential: clamp01(LEXICON.copingBase + LEXICON.copingPerValence * valence),
    normCompatibility: clamp(LEXICON.normPerValence * valence, -1, 1),
    selfRelevance,
  };
}
