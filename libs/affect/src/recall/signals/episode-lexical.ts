import { EPISODE } from '../../constants';
import { termProfile, type TermProfile } from '../../text/lexical-terms';
import { bm25, type TermStatistics } from './bm25';

/**
 * The query's words in a memory's episode: BM25 of the memory's text together with the texts
 * around it in time (its neighbours on the agent's timeline, EPISODE.neighbours each way, none
 * across an idle gap longer than the agent's session gap), against the agent's own term
 * statistics with the average length scaled to the window's size, so a window is long or short
 * against windows of as many memories.
 *
 * Why: a memory is recalled by the cues of the moment it was made in, not only by its own
 * words (encoding specificity). The reply "For running, mostly" shares no word with "What
 * did she buy the new shoes for?"; the turn before it does. Spreading along the timeline lifts
 * such a memory only when its neighbour is among the best matches; this signal credits it
 * directly, for every candidate.
 */
export function episodeBm25(texts: readonly string[], terms: readonly string[], stats: TermStatistics): number {
  if (texts.length === 0 || terms.length === 0) return 0;
  const window = { ...stats, totalLength: stats.totalLength * texts.length };
  return bm25(mergedProfile(texts.map(termProfile)), terms, window);
}

function mergedProfile(profiles: readonly TermProfile[]): TermProfile {
  const counts = new Map<string, number>();
  let length = 0;
  for (const p of profiles) {
    length += p.length;
    for (const [term, n] of p.counts) counts.set(term, (counts.get(term) ?? 0) + n);
  }
  return { length, counts };
}
