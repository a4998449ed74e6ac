import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { metricsRegistry } from '@limbic/observability';

/** Prometheus scrape endpoint. Public like /health: operation names and counts, no tenant data. */
@Controller('metrics')
export class MetricsController {
  @Get()
  async scrape(@Res() res: Response): Promise<void> {
    res.setHeader('content-type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  }
}
