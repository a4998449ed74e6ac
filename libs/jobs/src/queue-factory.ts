import { hostname } from 'node:os';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue, Worker, type Processor } from 'bullmq';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { QUEUE, type QueueName } from './queues';
import type { QueueSettings } from './queue-settings';
import { bullPrefix, openRedis, type ConnectionRole, type RedisClient } from './redis-connection';

/**
 * The one place that opens Redis connections and builds BullMQ queues and workers, for the API
 * and the worker alike: every one gets the configured topology (standalone, Sentinel, Cluster),
 * the deployment's prefix (hash-tagged on a Cluster) and an error listener.
 */
@Injectable()
export class QueueFactory {
  private readonly log = new Logger('Redis');
  /** BullMQ's key prefix in force (LIMBIC_QUEUE_PREFIX, in braces on a Cluster). */
  readonly prefix: string;

  constructor(@Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig) {
    this.prefix = bullPrefix(config.redis, config.ops.queuePrefix);
  }

  /**
   * A new connection. ioredis emits an error on every failed reconnect while Redis is away;
   * they are expected, and the callers log what failed for them, so these go to debug.
   */
  connection(role: ConnectionRole, label: string): RedisClient {
    const connection = openRedis(this.config.redis, role);
    connection.on('error', (err: Error) => this.log.debug(`${label}: ${err.message}`));
    return connection;
  }

  /**
   * A queue handle on `connection`. A BullMQ queue with no 'error' listener prints every failed
   * reconnect with console.error (dozens of raw stack traces a minute while Redis is down).
   */
  queue(name: QueueName, connection: RedisClient): Queue {
    const queue = new Queue(name, { connection, prefix: this.prefix });
    queue.on('error', (err: Error) => this.log.debug(`queue ${name}: ${err.message}`));
    return queue;
  }

  /** A handle on every queue (job counts for metrics, the dashboard). */
  allQueues(connection: RedisClient): Queue[] {
    return (Object.values(QUEUE) as QueueName[]).map((name) => this.queue(name, connection));
  }

  /** A worker for `name` with its queue's settings, on a connection of its own (blocking commands). */
  worker(name: QueueName, processor: Processor, settings: QueueSettings, connection: RedisClient): Worker {
    const worker = new Worker(name, processor, {
      // Stamped on each job it takes (processedBy): the dashboard shows which process ran what.
      name: `${hostname()}:${process.pid}`,
      connection,
      concurrency: settings.concurrency,
      prefix: this.prefix,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      maxStalledCount: settings.maxStalledCount,
      autorun: true,
    });
    worker.on('error', (err) => this.log.debug(`${name} worker: ${err.message}`));
    return worker;
  }
}
