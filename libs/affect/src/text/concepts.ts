import { ATTENTION_RESIDUE } from '../constants';
import { STOP_WORDS } from '../cue-words';
import { tokenize } from './tokens';

const STOP = new Set(STOP_WORDS);

/**
 * The concepts a text is about: its distinct content words (not stop words, at least
 * three characters), the longest first (longer words are more specific), at most eight.
 */
export function extractConcepts(text: string, max: number = ATTENTION_RESIDUE.maxConceptsPerText): readonly string[] {
  const seen = new Set<string>();
  const words: { word: string; position: number }[] = [];
  for (const word of tokenize(text)) {
    if (word.length < ATTENTION_RESIDUE.minConceptLength || STOP.has(word) || seen.has(word)) continue;
    seen.add(word);
    words.push({ word, position: words.length });
  }
  return words
    .sort((x, y) => y.word.length - x.word.length || x.position - y.position)
    .slice(0, Math.max(0, max))
    .map((w) => w.word);
}
