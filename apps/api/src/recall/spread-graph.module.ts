import { Module } from '@nestjs/common';
import { SpreadGraphCache } from './services/spread-graph-cache.service';

/** The agents' held spreading graphs, one per API process: recall and encode use them, deleteAgent lets them go. */
@Module({
  providers: [SpreadGraphCache],
  exports: [SpreadGraphCache],
})
export class SpreadGraphModule {}
