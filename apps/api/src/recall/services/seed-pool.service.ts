import { Injectable } from '@nestjs/common';
import type { RecallReader, SeedHit, SeedScan } from '@limbic/graph';

/**
 * Up to this many memories an exact scan of the agent is cheap (≈ 35 µs a memory on the dev
 * machine, so ≤ 35 ms) and never misses; it is only used when the index did not suffice.
 */
export const EXACT_SCAN_MAX = 1000;
/** Widening stops here; beyond it the vector side falls back to an exact scan. */
const FETCH_CAP = 20_000;
/** When an agent's share of the index is known, fetch this much more than it predicts. */
const SHARE_SAFETY = 1.5;

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
}

/** The first scans, as the recall's first read returned them (fulltext null: no text). */
export interface FirstScans {
  readonly vector: SeedScan;
  readonly fulltext: SeedScan | null;
}

/**
 * Hybrid seeds of one recall (DESIGN §4.1). Both indexes are shared by every agent, so a
 * plain top-k can be all someone else's. The vector side asks the index for twice what it
 * needs; when too few of the agent's own survive, a small agent (≤ EXACT_SCAN_MAX) is
 * scanned exactly, a large one over-fetched, widening by its observed share of the hits, and
 * scanned exactly only if even that fails. The fulltext side always over-fetches and widens.
 *
 * The first scan of each index is not run here: the recall's first read makes it together
 * with the agent state (one round trip instead of three), and `collect` only goes back to
 * the database when that scan was not enough.
 */
@Injectable()
export class SeedPoolService {
  firstScanSizes(limit: number): FirstScanSizes {
    return { vectorFetch: 2 * limit, textFetch: Math.max(100, 4 * limit) };
  }

  async collect(reader: RecallReader, embedding: readonly number[], lucene: string | null, limit: number, first: FirstScans): Promise<SeedPool> {
    const vector = await this.vectorSeeds(reader, embedding, limit, first.vector);
    if (vector.length === 0) return { vector, fulltext: [] };
    const sizes = this.firstScanSizes(limit);
    const fulltext =
      lucene === null || first.fulltext === null ? null : await widen((fetch) => reader.fulltext(lucene, limit, fetch), limit, sizes.textFetch, first.fulltext);
    return { vector, fulltext: fulltext?.found ?? [] };
  }

  private async vectorSeeds(reader: RecallReader, embedding: readonly number[], limit: number, first: SeedScan): Promise<readonly SeedHit[]> {
    if (first.found.length >= limit) return first.found;
    // Counting stops at the cap, so this is cheap exactly when the agent is small.
    const size = await reader.size(EXACT_SCAN_MAX + 1);
    if (size === 0) return [];
    if (size <= EXACT_SCAN_MAX) return reader.vectorExact(embedding, limit);
    const wanted = Math.min(limit, size);
    const scan = await widen((fetch) => reader.vectorIndex(embedding, limit, fetch), wanted, 8 * limit);
    // The index could not give enough of this agent within the cap: pay for the exact scan.
    return scan.found.length >= wanted ? scan.found : reader.vectorExact(embedding, limit);
  }
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
