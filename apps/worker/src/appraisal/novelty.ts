import { clamp } from '@limbic/affect';
import type { AppraisalUnit } from '@limbic/graph';

/** Up to this many memories the agent is scanned exactly (as recall's seeds do). */
export const NOVELTY_EXACT_SCAN_MAX = 5000;
const FETCH_START = 100;
const FETCH_CAP = 20_000;

/**
 * Novelty check (DESIGN §3): 1 − the best cosine to the agent's other memories encoded
 * before this one, in [−1, 1]; 1 when there is none. The vector index is shared by every
 * agent, so for a large agent it is over-fetched and filtered, widening ×4 up to a cap and
 * then scanning exactly rather than calling a familiar memory novel.
 */
export async function novelty(unit: AppraisalUnit): Promise<number> {
  const size = await unit.agentSize();
  if (size <= 1) return 1;
  let best: number | null = null;
  if (size <= NOVELTY_EXACT_SCAN_MAX) {
    best = await unit.maxSimilarityExact();
  } else {
    for (let fetch = FETCH_START; best === null; fetch *= 4) {
      best = await unit.maxSimilarityFromIndex(Math.min(fetch, FETCH_CAP));
      if (best === null && fetch >= FETCH_CAP) {
        best = await unit.maxSimilarityExact();
        break;
      }
    }
  }
  return best === null ? 1 : clamp(1 - best, -1, 1);
}
