import { EPISODE } from '../../constants';
import type { TermProfile } from '../../text/lexical-terms';
import { bm25, type TermStatistics } from './bm25';

/**
 * The query's words in a memory's episode: BM25 of the memory's text together with the texts
 * around it in time — its neighbours on the agent's timeline, EPISODE.neighbours each way, none
 * across an idle gap longer than the agent's session gap — against the agent's own term
 * statistics, with the average length scaled to the window's size, so a window is long or short
 * against windows of as many memories.
 *
 * Why: a memory is recalled by the cues of the moment it was made in, not only by its own
 * words (encoding specificity). The reply "Mostly running" shares no word with "What are the
 * new sneakers for?"; the turn before it does. Spreading along the timeline lifts such a memory
 * only when its neighbour is among the best matches; this signal credits it directly.
 *
 * Only neighbours that hold query words can add to the score, and recall knows which those are:
 * the fulltext scan's hits. So the neighbours given here are the hits in the memory's episode
 * (`lenders`); the rest of the window is counted at the average length, as words that are not
 * the query's.
 */
export function episodeBm25(own: TermProfile, lenders: readonly TermProfile[], terms: readonly string[], stats: TermStatistics): number {
  if (terms.length === 0 || stats.docs <= 0) return 0;
  const size = 1 + 2 * EPISODE.neighbours;
  const average = stats.totalLength > 0 ? stats.totalLength / stats.docs : own.length;
  let length = own.length + Math.max(0, size - 1 - lenders.length) * average;
  for (const p of lenders) length += p.length;
  // BM25 reads only the query's terms: the window's counts of those, not a copy of every word.
  const counts = new Map<string, number>();
  for (const term of terms) {
    let n = own.counts.get(term) ?? 0;
    for (const p of lenders) n += p.counts.get(term) ?? 0;
    if (n > 0) counts.set(term, n);
  }
  return bm25({ length, counts }, terms, { ...stats, totalLength: average * stats.docs * size });
}

/** A memory that holds query words and the ids of the memories in its episode (each of which it lends them to). */
export interface EpisodeLender {
  readonly profile: TermProfile;
  readonly episode: readonly string[];
}

/** For each memory id, the lenders whose episode holds it. */
export function lendersByMemory(lenders: readonly EpisodeLender[]): ReadonlyMap<string, readonly TermProfile[]> {
  const by = new Map<string, TermProfile[]>();
  for (const lender of lenders) {
    for (const id of lender.episode) {
      const list = by.get(id);
      if (list) list.push(lender.profile);
      else by.set(id, [lender.profile]);
    }
  }
  return by;
}
