import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthRepository } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { RecallWarmupService } from '../recall/services/recall-warmup.service';

/**
 * chosen: how long readiness waits for each store. A load balancer polls it; with Neo4j down the
 * ping alone took 15.6 s (its retries), and "not ready" must be said at once.
 */
const READY_DEADLINE_MS = 800;

/**
 * chosen: how long after boot readiness waits for the warm-up (RecallWarmupService) at most. It
 * took 2–16 s on a just-restarted Neo4j under load; a warm-up that hangs must not keep a
 * replica out of service.
 */
const WARMUP_READY_CAP_MS = 60_000;

/** `probe`'s answer, or false once `ms` have passed (the probe itself is left to finish). */
function within(probe: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  return Promise.race([probe.catch(() => false), late]).finally(() => clearTimeout(timer));
}

/**
 * Liveness says the process runs; readiness says it can serve (Neo4j and Redis answer, within a
 * second) and that the boot warm-up has ended, so the first request does not pay for planning.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly graph: HealthRepository,
    private readonly jobs: JobProducer,
    private readonly warmup: RecallWarmupService,
  ) {}

  private readonly bootedAt = performance.now();

  @Get('live')
  @HttpCode(HttpStatus.OK)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<{ status: string; neo4j: boolean; redis: boolean; warmedUp: boolean }> {
    const [neo4j, redis] = await Promise.all([within(this.graph.ping(), READY_DEADLINE_MS), within(this.jobs.redisReady(), READY_DEADLINE_MS)]);
    const warmedUp = this.warmup.settled;
    const ok = neo4j && redis && (warmedUp || performance.now() - this.bootedAt > WARMUP_READY_CAP_MS);
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ready' : warmedUp ? 'unavailable' : 'warming', neo4j, redis, warmedUp };
  }
}
