import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { producerConnection } from '@limbic/jobs';
import { metricsRegistry, openQueues, queueDepthSource, setQueueDepthSource, startProcessMetrics } from '@limbic/observability';

/** Prometheus metrics of the worker, served by the health server on `/metrics`. */
@Injectable()
export class WorkerMetrics implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('WorkerMetrics');
  private connection: Redis | undefined;
  private queues: Queue[] = [];

  constructor(@Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig) {}

  onModuleInit(): void {
    startProcessMetrics('worker');
    // Fail-fast connection: a scrape during a Redis outage returns without queue depth.
    this.connection = producerConnection(this.config.redisUrl);
    this.connection.on('error', (err: Error) => this.log.debug(`redis: ${err.message}`));
    this.queues = openQueues(this.connection, this.config.ops.queuePrefix);
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
