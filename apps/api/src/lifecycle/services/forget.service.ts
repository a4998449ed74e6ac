import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { MemoryForgetRepository, type MemoryRecord } from '@limbic/graph';
import { notFound } from '../../common/api-error';
import { planChainRelink } from '../utils/chain-relink';

export type ForgetOutcome =
  | { readonly mode: 'ARCHIVED'; readonly memory: MemoryRecord }
  | { readonly mode: 'DELETED'; readonly memoryId: string; readonly edgesRemoved: number; readonly chainRepaired: boolean };

/** Soft forget (archive, restorable) and hard forget (delete, keeping the temporal chain whole). */
@Injectable()
export class ForgetService {
  constructor(
    private readonly forgetting: MemoryForgetRepository,
    @Inject(EMBEDDER) private readonly embedder: Pick<Embedder, 'cosineScale'>,
  ) {}

  async forget(tenantId: string, memoryId: string, hard: boolean): Promise<ForgetOutcome> {
    requireMemoryId(memoryId);
    if (!hard) {
      const memory = await this.forgetting.archive(tenantId, memoryId, Date.now());
      if (!memory) throw notFound(`memory ${memoryId}`);
      return { mode: 'ARCHIVED', memory };
    }
    const result = await this.forgetting.hardDelete(tenantId, memoryId, Date.now(), (position) => planChainRelink(position, this.embedder.cosineScale));
    if (!result) throw notFound(`memory ${memoryId}`);
    return { mode: 'DELETED', memoryId, edgesRemoved: result.edgesRemoved, chainRepaired: result.relinked };
  }

  async restore(tenantId: string, memoryId: string): Promise<MemoryRecord> {
    requireMemoryId(memoryId);
    const memory = await this.forgetting.restore(tenantId, memoryId, Date.now());
    if (!memory) throw notFound(`memory ${memoryId}`);
    return memory;
  }
}

/** Over-long ids cannot exist; answering NOT_FOUND (not BAD_USER_INPUT) leaks nothing either way. */
function requireMemoryId(memoryId: string): void {
  if (memoryId.length === 0 || memoryId.length > 128) throw notFound(`memory ${memoryId.slice(0, 128)}`);
}
