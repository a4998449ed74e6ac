import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Neo4jExecutor } from '../neo4j-executor';

/** The tenant of system-owned markers: outside the API's tenant id alphabet ([A-Za-z0-9_-]). */
export const SYSTEM_TENANT = 'limbic:system';
export const REFRESH_AGENT = 'vector-index-refresh';

/** Maintenance of the shared indexes (not of any tenant's data). */
@Injectable()
export class IndexMaintenanceRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /** Memory nodes of all tenants together, from the count store. */
  async memoryCount(): Promise<number> {
    const rows = await this.db.read<{ memories: number }>('index.memory-count');
    return Number(rows[0]?.memories ?? 0);
  }

  /**
   * Makes the vector index's searcher reopen on the segments as they are now: two committed
   * index writes (a throwaway marker, then its deletion). `dimension` is the index's.
   */
  async refreshVectorIndex(dimension: number): Promise<void> {
    const owner = { tenantId: SYSTEM_TENANT, agentId: REFRESH_AGENT };
    // A unit vector: the index accepts only non-zero vectors of its own dimension.
    const embedding = Array.from({ length: dimension }, (_, i) => (i === 0 ? 1 : 0));
    await this.db.write('index.refresh-mark', { ...owner, id: randomUUID(), embedding });
    await this.db.write('index.refresh-unmark', owner);
  }
}
