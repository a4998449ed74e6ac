import { lexiconAffect } from '../appraisal/lexicon-appraiser';
import { QUERY_CLASSIFIER } from '../constants';
import {
  AFFECTIVE_QUERY_CUES,
  FACTUAL_QUERY_CUES,
  MULTI_HOP_QUERY_CUES,
  OPEN_QUERY_CUES,
  TEMPORAL_QUERY_CUES,
} from '../cue-words';
import { countCues, tokenize } from '../text/tokens';
import type { QueryType, Weights } from '../types/recall.types';
import { ROUTED_WEIGHTS } from './profiles';

/** ISO dates, d/m dates and years 1900–2099. */
const DATE_PATTERN = /\b\d{4}-\d{2}(?:-\d{2})?\b|\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b|\b(?:19|20)\d{2}\b/;

function isStronglyEmotional(query: string): boolean {
  const lexicon = lexiconAffect(query);
  return Math.abs(lexicon.valence) >= QUERY_CLASSIFIER.affectiveValence && lexicon.confidence >= QUERY_CLASSIFIER.affectiveConfidence;
}

/**
 * Heuristic query type, first match wins:
 *  affective (feeling words, or |lexicon valence| ≥ 0.6 with confidence ≥ 0.5) → temporal (time words,
 *  dates) → multi-hop (why, caused, between …) → open (tell me about, ideas …) → factual
 *  (question words, "?" or a short keyword query) → open.
 */
export function classifyQuery(query: string): QueryType {
  const tokens = tokenize(query);
  if (countCues(tokens, AFFECTIVE_QUERY_CUES) > 0 || isStronglyEmotional(query)) return 'affective';
  if (countCues(tokens, TEMPORAL_QUERY_CUES) > 0 || DATE_PATTERN.test(query)) return 'temporal';
  if (countCues(tokens, MULTI_HOP_QUERY_CUES) > 0) return 'multi-hop';
  if (countCues(tokens, OPEN_QUERY_CUES) > 0) return 'open';
  if (countCues(tokens, FACTUAL_QUERY_CUES) > 0 || query.trim().endsWith('?') || tokens.length <= QUERY_CLASSIFIER.keywordQueryWords) return 'factual';
  return 'open';
}

export function routedWeights(queryType: QueryType): Weights {
  return ROUTED_WEIGHTS[queryType];
}
