import { Global, Module } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { JobProducer } from './job-producer';
import { QueueFactory } from './queue-factory';
import { QUEUE_SETTINGS, resolveQueueSettings } from './queue-settings';

@Global()
@Module({
  providers: [
    // Resolved once at boot: a bad LIMBIC_QUEUE_SETTINGS stops start-up, in the API and the worker alike.
    { provide: QUEUE_SETTINGS, inject: [LIMBIC_CONFIG], useFactory: (c: LimbicConfig) => resolveQueueSettings(c.queueSettings) },
    QueueFactory,
    JobProducer,
  ],
  exports: [JobProducer, QueueFactory, QUEUE_SETTINGS],
})
export class JobsModule {}
