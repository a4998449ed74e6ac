import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { z } from 'zod';
import { PRODUCER, QueueFactory, type PeriodicTask, type RedisClient } from '@limbic/jobs';

/** chosen: a task's state outlives a deployment that is down for a day, not forever. */
const STATE_TTL_MS = 86_400_000;

/**
 * What a periodic task remembers from one run to the next, kept in Redis: consecutive runs
 * happen on whichever worker takes the job, so a process's memory would only see some of them.
 */
@Injectable()
export class PeriodicState implements OnApplicationShutdown {
  private readonly connection: RedisClient;

  constructor(private readonly factory: QueueFactory) {
    this.connection = factory.connection(PRODUCER, 'periodic state');
  }

  /** The task's state, or null when none was kept (or it no longer reads as `schema`). */
  async read<T>(task: PeriodicTask, schema: z.ZodType<T>): Promise<T | null> {
    const raw = await this.connection.get(this.key(task));
    if (raw === null) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async write(task: PeriodicTask, state: unknown): Promise<void> {
    await this.connection.set(this.key(task), JSON.stringify(state), 'PX', STATE_TTL_MS);
  }

  private key(task: PeriodicTask): string {
    return `${this.factory.prefix}:periodic-state:${task}`;
  }

  onApplicationShutdown(): void {
    this.connection.disconnect();
  }
}
