import { Args, Query, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { toMemory } from '../memories/memory.mapper';
import { RecallInput, RecallResult } from './dto/recall.types';
import { RecallService } from './recall.service';
import { toSignalVector as toVector } from './utils/to-signal-vector';

@Resolver(() => RecallResult)
export class RecallResolver {
  constructor(private readonly recalls: RecallService) {}

  @Query(() => RecallResult, { description: 'The memories most worth remembering now, for this query and state.' })
  async recall(@Tenant() tenantId: string, @Args('input') input: RecallInput): Promise<RecallResult> {
    const r = await this.recalls.recall(tenantId, input);
    return {
      recallId: r.recallId,
      tookMs: r.tookMs,
      weights: toVector(r.weights),
      weightSource: r.weightSource,
      queryType: r.queryType,
      energyCut: r.energyCut,
      focus: r.focus
        ? { memory: toMemory(r.focus.memory), since: new Date(r.focus.sinceMs), expiresAt: new Date(r.focus.expiresAtMs), score: r.focus.score, ignited: r.focus.ignited }
        : null,
      items: r.items.map(({ memory, ranked, activation, suppressed }) => ({
        memory: toMemory(memory),
        score: ranked.score,
        rank: ranked.rank,
        pass1Rank: ranked.pass1Rank,
        pass2Rank: ranked.explanation.pass2Rank,
        explanation: r.explain
          ? {
              weights: toVector(ranked.explanation.weights),
              signals: toVector(ranked.explanation.signals),
              weighted: toVector(ranked.explanation.weighted),
              activation: activation
                ? { seedId: activation.seedId, activation: activation.activation, path: [...activation.path], edgeTypes: [...activation.edgeTypes] }
                : null,
              suppressed,
            }
          : null,
      })),
    };
  }
}
