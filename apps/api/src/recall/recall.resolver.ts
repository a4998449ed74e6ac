import { Args, Query, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { toMemory } from '../memories/memory.mapper';
import { RecallInput, RecallResult } from './dto/recall.types';
import { RecallService } from './recall.service';

@Resolver(() => RecallResult)
export class RecallResolver {
  constructor(private readonly recalls: RecallService) {}

  @Query(() => RecallResult, { description: 'The memories most worth remembering now, for this query and state.' })
  async recall(@Tenant() tenantId: string, @Args('input') input: RecallInput): Promise<RecallResult> {
    const r = await this.recalls.recall(tenantId, input);
    return { recallId: r.recallId, tookMs: r.tookMs, items: r.items.map((i) => ({ ...i, memory: toMemory(i.memory) })) };
  }
}
