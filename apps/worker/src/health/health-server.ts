import { createServer, type Server } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { HealthRepository } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { WorkerMetrics } from '../metrics/worker-metrics';

/** The worker has no API; this tiny server answers orchestrators' health probes. */
@Injectable()
export class HealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('WorkerHealth');
  private server: Server | undefined;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    private readonly graph: HealthRepository,
    private readonly jobs: JobProducer,
    private readonly metrics: WorkerMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.worker.port === 0) return;
    this.server = createServer((req, res) => {
      void (async () => {
        if (req.url === '/health/live') return send(res, 200, { status: 'ok' });
        if (req.url === '/metrics') {
          const { contentType, body } = await this.metrics.render();
          return void res.writeHead(200, { 'content-type': contentType }).end(body);
        }
        if (req.url === '/health/ready') {
          const [neo4j, redis] = await Promise.all([this.graph.ping().catch(() => false), this.jobs.redisReady()]);
          return send(res, neo4j && redis ? 200 : 503, { status: neo4j && redis ? 'ready' : 'unavailable', neo4j, redis });
        }
        return send(res, 404, { error: 'not found' });
      })();
    });
    // A worker restarted right after a crash may find its port still held by the dying
    // process for a moment: retry for a few seconds before giving up on the health port.
    let retries = 20;
    const server = this.server;
    server.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' && retries-- > 0) {
        setTimeout(() => server.listen(this.config.worker.port, this.config.worker.host), 250).unref();
        return;
      }
      this.log.warn(`health server: ${err.message}`);
    });
    server.listen(this.config.worker.port, this.config.worker.host);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

function send(res: import('node:http').ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
