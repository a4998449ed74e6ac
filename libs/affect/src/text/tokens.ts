import { FUNCTION_WORDS } from '../cue-words';

const FUNCTION = new Set(FUNCTION_WORDS);

/** Lower-case word tokens (letters, digits, inner - _ . '), in order. */
export function tokenize(text: string): readonly string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['_.-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** True when `phrase` (one or more words) occurs in the token list as whole words. */
export function containsPhrase(tokens: readonly string[], phrase: string): boolean {
  return containsWords(tokens, phrase.split(' '));
}

function containsWords(tokens: readonly string[], parts: readonly string[]): boolean {
  outer: for (let i = 0; i + parts.length <= tokens.length; i++) {
    for (let j = 0; j < parts.length; j++) if (tokens[i + j] !== parts[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Cue lists split into words once: splitting every phrase on every call was most of a
 * recall's query classification (≈ 100 phrases per query).
 */
const SPLIT_CUES = new WeakMap<readonly string[], readonly (readonly string[])[]>();

/** Number of cue phrases that occur in the tokens (each counted once). */
export function countCues(tokens: readonly string[], cues: readonly string[]): number {
  let split = SPLIT_CUES.get(cues);
  if (split === undefined) {
    split = cues.map((cue) => cue.split(' '));
    SPLIT_CUES.set(cues, split);
  }
  let hits = 0;
  for (const parts of split) if (containsWords(tokens, parts)) hits++;
  return hits;
}

/**
 * The words of a search query worth matching: distinct tokens without function words, in
 * order. A query made only of function words ("what did you do?") keeps them all, so it
 * still matches something.
 */
export function searchTerms(text: string): readonly string[] {
  const tokens = [...new Set(tokenize(text))];
  const content = tokens.filter((t) => !FUNCTION.has(t));
  return content.length > 0 ? content : tokens;
}
