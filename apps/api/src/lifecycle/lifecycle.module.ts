import { Module } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { AgentTransferController } from './agent-transfer.controller';
import { SpreadGraphModule } from '../recall/spread-graph.module';
import { LIFECYCLE_LIMITS, lifecycleLimits } from './lifecycle.limits';
import { LifecycleResolver } from './lifecycle.resolver';
import { AgentExportService } from './services/agent-export.service';
import { AgentImportService } from './services/agent-import.service';
import { DeleteAgentService } from './services/delete-agent.service';
import { ForgetService } from './services/forget.service';
import { LifecycleService } from './services/lifecycle.service';

/** Forget / restore, deleteAgent, export / import (DESIGN §7, Lifecycle). */
@Module({
  imports: [SpreadGraphModule],
  controllers: [AgentTransferController],
  providers: [
    { provide: LIFECYCLE_LIMITS, inject: [LIMBIC_CONFIG], useFactory: (c: LimbicConfig) => lifecycleLimits(c) },
    ForgetService,
    DeleteAgentService,
    AgentExportService,
    AgentImportService,
    LifecycleService,
    LifecycleResolver,
  ],
})
export class LifecycleModule {}
