import { Injectable } from '@nestjs/common';
import type { RecallReader, SeedHit, SeedScan } from '@limbic/graph';

/**
 * Up to this many memories an exact scan of the agent is cheap (≈ 35 µs a memory on the dev
 * machine, so ≤ 35 ms) and never misses; it is only used when the index did not suffice.
 */
export const EXACT_SCAN_MAX = 1000;
/** Widening stops here; beyond it the vector side falls back to an exact scan. */
const FETCH_CAP = 20_000;
/**
 * chosen: an agent without a share hint asks the vector index for a third more than it needs
 * (k = 40 for a pool of 30), enough while it holds ≥ 75 % of the index; an agent with less
 * widens once and is hinted from then on. One HNSW search per Lucene segment costs about its
 * k: at 100k, 60 → 40 made a recall 0.97 of the time (0.95 without spreading) with the same
 * top 10 in 300 of 300, though the index finds fewer of the exact top 30 (0.66 instead of
 * 0.70): the ones it misses rank below the answer (bench README, sixth round).
 */
const VECTOR_FETCH_PER_RESULT = 4 / 3;
/** When an agent's share of the index is known, fetch this much more than it predicts. */
const SHARE_SAFETY = 1.5;
/**
 * chosen: the first fulltext scan asks for four hits per wanted one (at least 100). The scan is
 * scoped to the agent (scopeToAgent, schema 008), so the margin only covers archived memories,
 * which the index still holds and the query drops, and ids whose clause the analyzer drops.
 */
const TEXT_FETCH_PER_RESULT = 4;
const TEXT_FETCH_MIN = 100;
/** chosen: large agents whose index share is remembered (≈ 100 bytes each); the oldest go first. */
const SHARE_HINTS_MAX = 10_000;
/**
 * chosen: a small agent the index starved is scanned exactly in its recall's first read for
 * this many recalls, then the index is tried again (the other agents may have gone).
 */
const SMALL_HINT_USES = 100;

export interface SeedPool {
  /** Nearest memories by vector, best first; score = (1 + cos) / 2. */
  readonly vector: readonly SeedHit[];
  /** Fulltext hits, best first; score = BM25. */
  readonly fulltext: readonly SeedHit[];
}

/** How much the first scan of each index asks for (it runs in the recall's first read). */
export interface FirstScanSizes {
  readonly vectorFetch: number;
  readonly textFetch: number;
  /** Scan the agent exactly instead of asking the vector index (a small agent it starved). */
  readonly vectorExact: boolean;
}

/** The first scans, as the recall's first read returned them (fulltext null: no text). */
export interface FirstScans {
  readonly vector: SeedScan;
  /** The agent's hits among the vector scan's, before the cut to `limit`; after an exact scan, its size. */
  readonly vectorMatched: number;
  /** The vector hits are the exact scan's. */
  readonly vectorExact: boolean;
  readonly fulltext: SeedScan | null;
}

/** Whose seeds: the share hint is per agent. */
export interface SeedAgent {
  readonly tenantId: string;
  readonly agentId: string;
}

/**
 * Hybrid seeds of one recall (DESIGN §4.1). Both indexes are shared by every agent, so a
 * plain top-k can be all someone else's. The vector side asks the index for a third more than it
 * needs; when too few of the agent's own survive, a small agent (≤ EXACT_SCAN_MAX) is
 * scanned exactly, a large one over-fetched, widening by its observed share of the hits, and
 * scanned exactly only if even that fails. The fulltext side asks the index for the agent's own
 * memories only (scopeToAgent), over-fetched for archived ones, and widens if that falls short.
 *
 * The first scan of each index is not run here: the recall's first read makes it together
 * with the agent state (one round trip instead of three), and `collect` only goes back to
 * the database when that scan was not enough.
 *
 * A large agent that needed widening once would need it on every recall (three more round
 * trips, two of them index scans): its share of the index is remembered in-process, and its
 * next first scan is sized by it, as widening itself would size the scan. Only agents known
 * to be above EXACT_SCAN_MAX get a hint, so a small agent still gets its exact scan; a stale
 * hint costs at most a wider scan than needed or a widening step, never a different rule.
 * A small agent the index starved is remembered too: for its next SMALL_HINT_USES recalls the
 * first read scans it exactly instead of asking the index (one round trip instead of three).
 */
@Injectable()
export class SeedPoolService {
  private readonly shareHints = new Map<string, number>();
  /** Small agents the index starved, with the recalls left before the index is tried again. */
  private readonly smallHints = new Map<string, number>();

  /**
   * A hinted agent's share sizes its first vector scan. The fulltext scan needs no hint: it is
   * scoped to the agent. (Unscoped, an agent that is 9 % of the index found ≈ 11 of its own
   * among 120 hits and paid a second scan, a round trip, on every recall.)
   */
  firstScanSizes(limit: number, agent: SeedAgent): FirstScanSizes {
    const key = hintKey(agent);
    const share = this.shareHints.get(key);
    const usesLeft = this.smallHints.get(key);
    if (usesLeft !== undefined) {
      if (usesLeft <= 1) this.smallHints.delete(key);
      else this.smallHints.set(key, usesLeft - 1);
    }
    const predicted = share === undefined ? 0 : Math.ceil((limit / share) * SHARE_SAFETY);
    return {
      vectorFetch: Math.min(FETCH_CAP, Math.max(Math.ceil(VECTOR_FETCH_PER_RESULT * limit), predicted)),
      textFetch: Math.max(TEXT_FETCH_MIN, TEXT_FETCH_PER_RESULT * limit),
      vectorExact: usesLeft !== undefined,
    };
  }

  /** `sizes`: what the first scans asked for (firstScanSizes before the first read). */
  async collect(
    reader: RecallReader,
    embedding: readonly number[],
    lucene: string | null,
    limit: number,
    first: FirstScans,
    sizes: FirstScanSizes,
    agent: SeedAgent,
  ): Promise<SeedPool> {
    const vector = await this.vectorSeeds(reader, embedding, limit, first, agent);
    if (vector.length === 0) return { vector, fulltext: [] };
    // The first scan's own fetch: the hint may have moved since, and widen reads
    // `scanned < fetch` as "the index has no more".
    const fulltext =
      lucene === null || first.fulltext === null ? null : await widen((fetch) => reader.fulltext(lucene, limit, fetch), limit, sizes.textFetch, first.fulltext);
    return { vector, fulltext: fulltext?.found ?? [] };
  }

  private async vectorSeeds(reader: RecallReader, embedding: readonly number[], limit: number, first: FirstScans, agent: SeedAgent): Promise<readonly SeedHit[]> {
    const key = hintKey(agent);
    if (first.vectorExact) {
      // Exact already. An agent that grew past EXACT_SCAN_MAX goes back to the index.
      if (first.vectorMatched > EXACT_SCAN_MAX) this.smallHints.delete(key);
      return first.vector.found;
    }
    if (first.vector.found.length >= limit) {
      // Keep a hinted agent's share current (it changes as agents grow); untruncated count.
      if (this.shareHints.has(key) && first.vectorMatched > 0) this.remember(this.shareHints, key, first.vectorMatched / Math.max(1, first.vector.scanned));
      return first.vector.found;
    }
    // Counting stops at the cap, so this is cheap exactly when the agent is small.
    const size = await reader.size(EXACT_SCAN_MAX + 1);
    if (size === 0) return [];
    if (size <= EXACT_SCAN_MAX) {
      this.shareHints.delete(key);
      this.remember(this.smallHints, key, SMALL_HINT_USES);
      return reader.vectorExact(embedding, limit);
    }
    const wanted = Math.min(limit, size);
    // Past the first scan, which a hint may already have widened.
    const scan = await widen((fetch) => reader.vectorIndex(embedding, limit, fetch), wanted, Math.max(8 * limit, 2 * first.vector.scanned));
    // A lower bound when the scan filled `limit`: the next first scan errs on the wide side.
    if (scan.found.length > 0) this.remember(this.shareHints, key, scan.found.length / Math.max(1, scan.scanned));
    // The index could not give enough of this agent within the cap: pay for the exact scan.
    return scan.found.length >= wanted ? scan.found : reader.vectorExact(embedding, limit);
  }

  private remember(hints: Map<string, number>, key: string, value: number): void {
    hints.delete(key);
    hints.set(key, value);
    if (hints.size > SHARE_HINTS_MAX) {
      const oldest = hints.keys().next();
      if (!oldest.done) hints.delete(oldest.value);
    }
  }
}

function hintKey(agent: SeedAgent): string {
  return `${agent.tenantId}\u0000${agent.agentId}`;
}

/**
 * Runs `scan` with a growing fetch size until `limit` hits of the agent survive, the index
 * has no more to give (scanned < fetch) or the cap is reached. `first`, when given, is the
 * result of the scan at `start`, already made.
 */
async function widen(scan: (fetch: number) => Promise<SeedScan>, limit: number, start: number, first?: SeedScan): Promise<SeedScan> {
  let pending = first;
  for (let fetch = Math.min(start, FETCH_CAP); ; ) {
    const result = pending ?? (await scan(fetch));
    pending = undefined;
    if (result.found.length >= limit || result.scanned < fetch || fetch >= FETCH_CAP) return result;
    const share = result.found.length / Math.max(1, result.scanned);
    const predicted = share > 0 ? Math.ceil((limit / share) * SHARE_SAFETY) : fetch * 8;
    fetch = Math.min(FETCH_CAP, Math.max(fetch * 2, predicted));
  }
}
