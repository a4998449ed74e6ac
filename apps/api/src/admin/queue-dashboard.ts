import { Inject, Injectable, Logger, type INestApplication, type OnApplicationShutdown } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { PRODUCER, QueueFactory, type RedisClient } from '@limbic/jobs';
import { adminAuth } from './admin-auth';

export const DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board over every Limbic queue at /admin/queues, behind the admin key. Failed jobs
 * stay there with their reason and can be retried by an operator. Not mounted without a key.
 */
@Injectable()
export class QueueDashboard implements OnApplicationShutdown {
  private readonly log = new Logger('QueueDashboard');
  private connection: RedisClient | undefined;
  private queues: Queue[] = [];

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    private readonly factory: QueueFactory,
  ) {}

  mount(app: INestApplication): boolean {
    if (this.config.ops.adminKey === '') {
      this.log.log('LIMBIC_ADMIN_KEY not set: queue dashboard not mounted');
      return false;
    }
    this.connection = this.factory.connection(PRODUCER, 'queue dashboard');
    this.queues = this.factory.allQueues(this.connection);
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
