import { SPREADING } from '../constants';
import type { SearchBreadth } from './energy-effects';

/**
 * A question in the present perfect whose auxiliary follows the question phrase ("what has she
 * painted", "where have they camped", "which events has he joined"). "Does she have" (possession)
 * and "has to" (obligation) are not the perfect and do not count.
 */
const PRESENT_PERFECT_QUESTION = /^\s*(?:what|which|where|who|whom|how)\b(.*?)\b(?:has|have)\s+(?!to\b)\w+/i;
const DO_SUPPORT = /\b(?:do|does|did)\b/i;

/**
 * Whether a query asks what accumulated over time: a present-perfect question, whose answer is
 * spread over several episodes (every place camped, every book read), each found by its own
 * meaning rather than by resonance with the best match.
 */
export function asksAcrossEpisodes(query: string): boolean {
  const m = PRESENT_PERFECT_QUESTION.exec(query);
  return m !== null && !DO_SUPPORT.test(m[1] ?? '');
}

/**
 * The query's own say in the breadth: a question across episodes walks one hop fewer (min 1).
 * Spreading from the best matches lifts their neighbours in time and meaning, which is what a
 * question about one event wants and what crowds the other episodes out of the top K of a
 * question across them. LoCoMo dev, on the same agents, these questions at one hop fewer:
 * multi-hop recall@10 0.426 → 0.437 (plain cosine 0.426), no other category lower; with no
 * spreading at all multi-hop read 0.460 but single-hop fell 0.825 → 0.818 (bench/locomo/README.md §5).
 */
export function queryBreadth(breadth: SearchBreadth, query: string): SearchBreadth {
  if (!asksAcrossEpisodes(query)) return breadth;
  return { ...breadth, hops: Math.max(SPREADING.minHops, breadth.hops - 1) };
}
