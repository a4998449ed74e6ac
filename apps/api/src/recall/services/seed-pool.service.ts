import { Injectable } from '@nestjs/common';
import type { RecallUnit, SeedHit, SeedScan } from '@limbic/graph';

/**
 * chosen: the first fulltext scan asks for four hits per wanted one (at least 100). The scan is
 * scoped to the agent (scopeToAgent, schema 008), so the margin only covers archived memories,
 * which the index still holds and the query drops, and ids whose clause the analyzer drops.
 */
const TEXT_FETCH_PER_RESULT = 4;
const TEXT_FETCH_MIN = 100;
/** Widening of the fulltext scan stops here. */
const TEXT_FETCH_CAP = 20_000;

export interface SeedPool {
  /** Nearest memories by vector, best first; score = (1 + cos) / 2. */
  readonly vector: readonly SeedHit[];
  /** Fulltext hits, best first; score = BM25. */
  readonly fulltext: readonly SeedHit[];
}

/**
 * Hybrid seeds of one recall (DESIGN §4.1). The vector side is the agent's own top k from the
 * filtered index (AgentVectorSearch): never another agent's, so nothing to widen (exact: from the
 * index for a small agent, from the codes the API holds of a large one). The fulltext side
 * asks the index for the agent's own memories only (scopeToAgent); archived ones, which the
 * index still holds, are dropped by the query, so a scan that came back full with too few left
 * is asked again wider. The first fulltext scan is the recall's first read (recall.prelude).
 */
@Injectable()
export class SeedPoolService {
  /** What the first fulltext scan asks for, for a pool of `limit`. */
  firstTextFetch(limit: number): number {
    return Math.max(TEXT_FETCH_MIN, TEXT_FETCH_PER_RESULT * limit);
  }

  /** `first`: the prelude's fulltext scan at firstTextFetch(limit); null when there was no text. */
  async fulltext(unit: RecallUnit, lucene: string | null, limit: number, first: SeedScan | null): Promise<readonly SeedHit[]> {
    if (lucene === null || first === null) return [];
    let scan = first;
    for (let fetch = this.firstTextFetch(limit); scan.found.length < limit && scan.scanned >= fetch && fetch < TEXT_FETCH_CAP; ) {
      // The share of live hits among those scanned predicts how far to go; at least double.
      const share = scan.found.length / Math.max(1, scan.scanned);
      fetch = Math.min(TEXT_FETCH_CAP, Math.max(fetch * 2, share > 0 ? Math.ceil((limit / share) * 1.5) : fetch * 8));
      scan = await unit.fulltext(lucene, limit, fetch);
    }
    return scan.found;
  }
}
