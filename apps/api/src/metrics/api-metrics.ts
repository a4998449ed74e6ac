import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { producerConnection } from '@limbic/jobs';
import { openQueues, queueDepthSource, setQueueDepthSource, startProcessMetrics } from '@limbic/observability';

/** Process metrics and queue depth for the API's /metrics. */
@Injectable()
export class ApiMetrics implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('ApiMetrics');
  private connection: Redis | undefined;
  private queues: Queue[] = [];

  constructor(@Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig) {}

  onModuleInit(): void {
    startProcessMetrics('api');
    this.connection = producerConnection(this.config.redisUrl);
    this.connection.on('error', (err: Error) => this.log.debug(`redis: ${err.message}`));
    this.queues = openQueues(this.connection, this.config.ops.queuePrefix);
    setQueueDepthSource(queueDepthSource(this.queues));
  }

  async onApplicationShutdown(): Promise<void> {
    setQueueDepthSource(undefined);
    await Promise.allSettled(this.queues.map((q) => q.close()));
    this.connection?.disconnect();
  }
}
