import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { PRODUCER, QueueFactory, type RedisClient } from '@limbic/jobs';
import { queueDepthSource, setQueueDepthSource, startProcessMetrics } from '@limbic/observability';

/** Process metrics and queue depth for the API's /metrics. */
@Injectable()
export class ApiMetrics implements OnModuleInit, OnApplicationShutdown {
  private connection: RedisClient | undefined;
  private queues: Queue[] = [];

  constructor(private readonly factory: QueueFactory) {}

  onModuleInit(): void {
    startProcessMetrics('api');
    this.connection = this.factory.connection(PRODUCER, 'metrics');
    this.queues = this.factory.allQueues(this.connection);
    setQueueDepthSource(queueDepthSource(this.queues));
  }

  async onApplicationShutdown(): Promise<void> {
    setQueueDepthSource(undefined);
    await Promise.allSettled(this.queues.map((q) => q.close()));
    this.connection?.disconnect();
  }
}
