import { Inject, Injectable, Logger, type INestApplication, type OnApplicationShutdown } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { producerConnection } from '@limbic/jobs';
import { openQueues } from '@limbic/observability';
import { adminAuth } from './admin-auth';

export const DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board over every Limbic queue at /admin/queues, behind the admin key. Failed jobs
 * stay there with their reason and can be retried by an operator. Not mounted without a key.
 */
@Injectable()
export class QueueDashboard implements OnApplicationShutdown {
  private readonly log = new Logger('QueueDashboard');
  private connection: Redis | undefined;
  private queues: Queue[] = [];

  constructor(@Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig) {}

  mount(app: INestApplication): boolean {
    if (this.config.ops.adminKey === '') {
      this.log.log('LIMBIC_ADMIN_KEY not set: queue dashboard not mounted');
      return false;
    }
    this.connection = producerConnection(this.config.redisUrl);
    this.connection.on('error', (err: Error) => this.log.debug(`redis: ${err.message}`));
    this.queues = openQueues(this.connection, this.config.ops.queuePrefix);
    const server = new ExpressAdapter();
    server.setBasePath(DASHBOARD_PATH);
    createBullBoard({ queues: this.queues.map((q) => new BullMQAdapter(q)), serverAdapter: server });
    app.use(DASHBOARD_PATH, adminAuth(this.config.ops.adminKey), server.getRouter());
    this.log.log(`queue dashboard on ${DASHBOARD_PATH}`);
    return true;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.queues.map((q) => q.close()));
    this.connection?.disconnect();
  }
}
