import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthRepository } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';

/**
 * chosen: how long readiness waits for each store. A load balancer polls it; with Neo4j down the
 * ping alone took 15.6 s (its retries), and "not ready" must be said at once.
 */
const READY_DEADLINE_MS = 800;

/** `probe`'s answer, or false once `ms` have passed (the probe itself is left to finish). */
function within(probe: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  return Promise.race([probe.catch(() => false), late]).finally(() => clearTimeout(timer));
}

/** Liveness says the process runs; readiness says it can serve (Neo4j and Redis answer), within a second. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly graph: HealthRepository,
    private readonly jobs: JobProducer,
  ) {}

  @Get('live')
  @HttpCode(HttpStatus.OK)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<{ status: string; neo4j: boolean; redis: boolean }> {
    const [neo4j, redis] = await Promise.all([within(this.graph.ping(), READY_DEADLINE_MS), within(this.jobs.redisReady(), READY_DEADLINE_MS)]);
    const ok = neo4j && redis;
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ready' : 'unavailable', neo4j, redis };
  }
}
