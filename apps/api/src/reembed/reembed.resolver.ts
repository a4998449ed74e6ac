import { Query, Resolver } from '@nestjs/graphql';
import { progressOf, ReembedRepository, type ReembedRun as StoredRun } from '@limbic/graph';
import { Tenant } from '../auth/request-context';
import { ReembedPhaseGql, ReembedRun } from './dto/reembed-run.types';

/** Runs shown per tenant: the one in progress (if any) and the last few before it. */
const RUNS_SHOWN = 10;

@Resolver(() => ReembedRun)
export class ReembedResolver {
  constructor(private readonly runs: ReembedRepository) {}

  @Query(() => [ReembedRun], { description: 'The caller’s tenant’s re-embed runs, newest first (at most 10); empty when it was never re-embedded.' })
  async reembedStatus(@Tenant() tenantId: string): Promise<ReembedRun[]> {
    return (await this.runs.runs(tenantId, RUNS_SHOWN)).map(toGql);
  }
}

function toGql(r: StoredRun): ReembedRun {
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  return {
    id: r.id,
    sourceModel: r.sourceModel,
    targetModel: r.targetModel,
    targetDimension: r.targetDimension,
    phase: r.phase as ReembedPhaseGql,
    embedded: r.embedded,
    total: r.total,
    goals: r.goals,
    totalGoals: r.totalGoals,
    progress: progressOf(r),
    startedAt: new Date(r.startedAt),
    updatedAt: new Date(r.updatedAt),
    switchedAt: date(r.switchedAt),
    finishedAt: date(r.finishedAt),
    error: r.error,
  };
}
