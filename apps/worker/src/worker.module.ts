import { Module } from '@nestjs/common';
import { ConfigModule } from '@limbic/config';
import { EmbeddingsModule } from '@limbic/embeddings';
import { GraphModule } from '@limbic/graph';
import { JobsModule } from '@limbic/jobs';
import { AppraisalProcessor } from './appraisal/appraisal.processor';
import { AppraisalService } from './appraisal/appraisal.service';
import { HealthServer } from './health/health-server';
import { JOB_HANDLERS, type JobHandler } from './runner/job-handler';
import { JobRunner } from './runner/job-runner';
import { PendingAppraisalSweep } from './sweep/pending-appraisal.sweep';

@Module({
  imports: [ConfigModule, EmbeddingsModule, GraphModule, JobsModule],
  providers: [
    AppraisalService,
    AppraisalProcessor,
    { provide: JOB_HANDLERS, inject: [AppraisalProcessor], useFactory: (...handlers: JobHandler[]) => handlers },
    JobRunner,
    PendingAppraisalSweep,
    HealthServer,
  ],
})
export class WorkerModule {}
