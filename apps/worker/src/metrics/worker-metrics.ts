import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { PRODUCER, QueueFactory, type RedisClient } from '@limbic/jobs';
import { metricsRegistry, queueDepthSource, setQueueDepthSource, startProcessMetrics } from '@limbic/observability';

/** Prometheus metrics of the worker, served by the health server on `/metrics`. */
@Injectable()
export class WorkerMetrics implements OnModuleInit, OnApplicationShutdown {
  private connection: RedisClient | undefined;
  private queues: Queue[] = [];

  constructor(private readonly factory: QueueFactory) {}

  onModuleInit(): void {
    startProcessMetrics('worker');
    // Fail-fast connection: a scrape during a Redis outage returns without queue depth.
    this.connection = this.factory.connection(PRODUCER, 'metrics');
    this.queues = this.factory.allQueues(this.connection);
    setQueueDepthSource(queueDepthSource(this.queues));
  }

  /** Text exposition format. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
  }

  async onApplicationShutdown(): Promise<void> {
    setQueueDepthSource(undefined);
    await Promise.allSettled(this.queues.map((q) => q.close()));
    this.connection?.disconnect();
  }
}
