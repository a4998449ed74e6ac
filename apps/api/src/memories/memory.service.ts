import { Injectable } from '@nestjs/common';
import { MemoryRepository, RevisionRepository, type MemoryRecord, type RevisionRecord } from '@limbic/graph';
import { notFound } from '../common/api-error';
import { requireInt } from '../common/validate';

/** Revisions one `Memory.revisions` field returns at most. */
export const MAX_REVISIONS = 100;

@Injectable()
export class MemoryService {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly revisions: RevisionRepository,
  ) {}

  /** Another tenant's memory is reported as not found: existence is not leaked. */
  async get(tenantId: string, id: string): Promise<MemoryRecord> {
    const memory = id.length <= 128 ? await this.memories.get(tenantId, id) : null;
    if (!memory) throw notFound(`memory ${id}`);
    return memory;
  }

  /**
   * The memory, or for an id consolidation merged away the memory it was merged into, with
   * the id asked for (`redirectedFrom`); NOT_FOUND otherwise.
   */
  async find(tenantId: string, id: string): Promise<{ memory: MemoryRecord; redirectedFrom: string | null }> {
    if (id.length > 128) throw notFound(`memory ${id.slice(0, 128)}`);
    const memory = await this.memories.get(tenantId, id);
    if (memory) return { memory, redirectedFrom: null };
    const survivor = await this.revisions.mergedInto(tenantId, id);
    if (!survivor) throw notFound(`memory ${id}`);
    return { memory: survivor, redirectedFrom: id };
  }

  listRevisions(tenantId: string, memoryId: string, first: number): Promise<RevisionRecord[]> {
    return this.revisions.list(tenantId, memoryId, requireInt('first', first, 1, MAX_REVISIONS));
  }
}
