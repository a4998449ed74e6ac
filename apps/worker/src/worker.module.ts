import { Module } from '@nestjs/common';
import { ConfigModule } from '@limbic/config';
import { EmbeddingsModule } from '@limbic/embeddings';
import { GraphModule } from '@limbic/graph';
import { JobsModule } from '@limbic/jobs';
import { AppraisalProcessor } from './appraisal/appraisal.processor';
import { APPRAISAL_PROVIDERS } from './appraisal/appraisal.providers';
import { HealthServer } from './health/health-server';
import { JOB_HANDLERS, type AnyJobHandler } from './runner/job-handler';
import { ConsolidationModule } from './consolidation/consolidation.module';
import { ReviewProcessor } from './consolidation/review.processor';
import { ReviewSweep } from './consolidation/review.sweep';
import { VectorIndexRefresher } from './index-refresh/vector-index-refresher';
import { WorkerMetrics } from './metrics/worker-metrics';
import { PeriodicPages } from './periodic/periodic-pages';
import { PeriodicSchedules } from './periodic/periodic-schedules';
import { PeriodicState } from './periodic/periodic-state';
import { PERIODIC_WORK, type PeriodicWork } from './periodic/periodic-work';
import { PeriodicProcessor } from './periodic/periodic.processor';
import { JobRunner } from './runner/job-runner';
import { PendingAppraisalSweep } from './sweep/pending-appraisal.sweep';
import { PendingRecallEffectsSweep } from './sweep/pending-recall-effects.sweep';
import { RecallEffectsProcessor } from './recall-effects/recall-effects.processor';
import { RecallEffectsService } from './recall-effects/recall-effects.service';
import { ReembedProcessor } from './reembed/reembed.processor';
import { ReembedStepService } from './reembed/reembed-step.service';
import { ReembedSweep } from './reembed/reembed.sweep';

@Module({
  imports: [ConfigModule, EmbeddingsModule, GraphModule, JobsModule, ConsolidationModule],
  providers: [
    ...APPRAISAL_PROVIDERS,
    RecallEffectsService,
    RecallEffectsProcessor,
    ReembedStepService,
    ReembedProcessor,
    ReembedSweep,
    PendingAppraisalSweep,
    PendingRecallEffectsSweep,
    PeriodicState,
    VectorIndexRefresher,
    {
      provide: PERIODIC_WORK,
      inject: [PendingAppraisalSweep, PendingRecallEffectsSweep, ReviewSweep, ReembedSweep, VectorIndexRefresher],
      useFactory: (...work: PeriodicWork[]) => work,
    },
    PeriodicPages,
    PeriodicProcessor,
    PeriodicSchedules,
    {
      provide: JOB_HANDLERS,
      inject: [AppraisalProcessor, ReviewProcessor, RecallEffectsProcessor, ReembedProcessor, PeriodicProcessor],
      useFactory: (...handlers: AnyJobHandler[]) => handlers,
    },
    JobRunner,
    HealthServer,
    WorkerMetrics,
  ],
})
export class WorkerModule {}
