import { Injectable } from '@nestjs/common';
import { MemoryRepository, type ScoredMemory } from '@limbic/graph';

/** Below this many memories an exact scan of the agent is cheaper and never misses. */
export const EXACT_SCAN_MAX = 5000;
/** Index over-fetch: start at this multiple of the wanted count, widen ×4 up to the cap. */
const OVERFETCH_START = 20;
const OVERFETCH_CAP = 20_000;

/**
 * Nearest memories of one agent. The vector index is shared by every agent, so a top-k
 * from it can be all someone else's: small agents are scanned exactly, large ones
 * over-fetched and filtered, widening until enough of the agent's own survive.
 */
@Injectable()
export class VectorSeedsService {
  constructor(private readonly memories: MemoryRepository) {}

  async nearest(tenantId: string, agentId: string, embedding: readonly number[], limit: number): Promise<ScoredMemory[]> {
    const size = await this.memories.countForAgent(tenantId, agentId);
    if (size === 0) return [];
    if (size <= EXACT_SCAN_MAX) return this.memories.nearestExact(tenantId, agentId, embedding, limit);
    const wanted = Math.min(limit, size);
    for (let fetch = Math.max(100, wanted * OVERFETCH_START); ; fetch *= 4) {
      const found = await this.memories.nearestFromIndex(tenantId, agentId, embedding, limit, Math.min(fetch, OVERFETCH_CAP));
      if (found.length >= wanted || fetch >= OVERFETCH_CAP) {
        return found.length >= wanted ? found : this.memories.nearestExact(tenantId, agentId, embedding, limit);
      }
    }
  }
}
