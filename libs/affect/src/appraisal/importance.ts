import { IMPORTANCE } from '../constants';
import { DECISION_CUES, SMALL_TALK_CUES, TECHNICAL_CUES } from '../cue-words';
import { clamp } from '../math/scalar';
import { countCues, tokenize } from '../text/tokens';

/** camelCase, snake_case, paths/URLs, dotted names, versions, numbers with units ("3am", "500ms"). */
const CODE_LIKE = /^(?:.*[a-z][A-Z].*|.*\w_\w.*|.*[/\\].*|\w+\.\w+.*|v?\d+(?:\.\d+)+|\d+[a-zA-Z]+|`.*`?)$/;

/** Tokens of the raw text that look like code, identifiers or measurements. */
export function countCodeLikeTokens(text: string): number {
  let hits = 0;
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[("'[{]+|[)"'\]},;:!?.]+$/g, '');
    if (token.length > 1 && CODE_LIKE.test(token)) hits++;
  }
  return hits;
}

/**
 * Importance estimate in [0.1, 0.95] (DESIGN §3): 0.5 baseline
 *   + up to 0.15 for length (full at 60 words)
 *   + 0.05 per technical word or code-like token (max 0.15)
 *   + 0.1 per decision word (max 0.2)
 *   − 0.3 for short small talk (≤ 8 words with a small-talk cue)
 *   + 0.2 × novelty (in [0, 1]: `noveltyFromSimilarity`, 1 − max similarity to stored memories).
 */
export function estimateImportance(text: string, novelty = 0): number {
  const tokens = tokenize(text);
  const words = tokens.length;
  const length = IMPORTANCE.lengthBonusMax * Math.min(1, words / IMPORTANCE.lengthWordsForFullBonus);
  const technical = Math.min(
    IMPORTANCE.technicalBonusMax,
    IMPORTANCE.technicalBonusPerHit * (countCues(tokens, TECHNICAL_CUES) + countCodeLikeTokens(text)),
  );
  const decision = Math.min(IMPORTANCE.decisionBonusMax, IMPORTANCE.decisionBonusPerHit * countCues(tokens, DECISION_CUES));
  const smallTalk = words <= IMPORTANCE.smallTalkMaxWords && countCues(tokens, SMALL_TALK_CUES) > 0 ? IMPORTANCE.smallTalkPenalty : 0;
  const surprise = IMPORTANCE.noveltyBonus * clamp(novelty, 0, 1);
  return clamp(IMPORTANCE.baseline + length + technical + decision - smallTalk + surprise, IMPORTANCE.min, IMPORTANCE.max);
}
