import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthRepository } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';

/** Liveness says the process runs; readiness says it can serve (Neo4j and Redis answer). */
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
    const [neo4j, redis] = await Promise.all([this.graph.ping().catch(() => false), this.jobs.redisReady()]);
    const ok = neo4j && redis;
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ready' : 'unavailable', neo4j, redis };
  }
}
