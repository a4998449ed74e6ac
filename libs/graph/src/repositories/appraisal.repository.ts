import { Injectable } from '@nestjs/common';
import { Neo4jExecutor } from '../neo4j-executor';

export interface PendingAppraisal {
  readonly tenantId: string;
  readonly agentId: string;
  readonly memoryId: string;
}

export interface AppraisalSubject {
  readonly content: string;
  readonly pending: boolean;
  /** The raw affect stored by the fast path. */
  readonly valence: number;
  readonly arousal: number;
}

@Injectable()
export class AppraisalRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  async load(tenantId: string, memoryId: string): Promise<AppraisalSubject | null> {
    const rows = await this.db.read<{ content: string; pending: boolean | null; valence: number; arousal: number }>('appraisal.load', {
      tenantId,
      memoryId,
    });
    const row = rows[0];
    return row ? { content: row.content, pending: row.pending === true, valence: row.valence, arousal: row.arousal } : null;
  }

  /** Applies the estimate only if the memory is still pending; false means someone already did. */
  async apply(
    tenantId: string,
    memoryId: string,
    estimate: { valence: number; arousal: number; source: string },
    now: number,
  ): Promise<boolean> {
    const rows = await this.db.write('appraisal.apply', { tenantId, memoryId, ...estimate, now });
    return rows.length > 0;
  }

  findPending(before: number, limit: number): Promise<PendingAppraisal[]> {
    return this.db.read<{ tenantId: string; agentId: string; memoryId: string }>('appraisal.find-pending', { before, limit });
  }
}
