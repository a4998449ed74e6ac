import { Injectable } from '@nestjs/common';
import { MemoryRepository, type MemoryRecord } from '@limbic/graph';
import { notFound } from '../common/api-error';

@Injectable()
export class MemoryService {
  constructor(private readonly memories: MemoryRepository) {}

  /** Another tenant's memory is reported as not found: existence is not leaked. */
  async get(tenantId: string, id: string): Promise<MemoryRecord> {
    const memory = id.length <= 128 ? await this.memories.get(tenantId, id) : null;
    if (!memory) throw notFound(`memory ${id}`);
    return memory;
  }
}
