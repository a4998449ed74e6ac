import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiErrorHttpFilter } from '../common/api-error.filter';
import { HttpTenant, HttpTenantGuard } from '../auth/http-tenant.guard';
import { readBody } from './http/read-body';
import { LIFECYCLE_LIMITS, type LifecycleLimits } from './lifecycle.limits';
import { AgentExportService } from './services/agent-export.service';
import { AgentImportService, type ImportSummary } from './services/agent-import.service';
import { EXPORT_CONTENT_TYPE } from './utils/export-format';

/** Export and import of whole agents as JSON Lines, over plain HTTP so they can stream. */
@Controller('agents')
@UseGuards(HttpTenantGuard)
@UseFilters(ApiErrorHttpFilter)
export class AgentTransferController {
  constructor(
    private readonly exporter: AgentExportService,
    private readonly importer: AgentImportService,
    @Inject(LIFECYCLE_LIMITS) private readonly limits: LifecycleLimits,
  ) {}

  @Get(':id/export')
  async export(@HttpTenant() tenantId: string, @Param('id') id: string, @Res() res: Response): Promise<void> {
    const lines = this.exporter.export(tenantId, id);
    // The first line proves the agent exists; until it is written, errors are plain JSON.
    const first = await lines.next();
    res.status(200);
    res.setHeader('content-type', `${EXPORT_CONTENT_TYPE}; charset=utf-8`);
    res.setHeader('content-disposition', `attachment; filename="${encodeURIComponent(id)}.jsonl"`);
    if (!first.done) await write(res, first.value);
    for await (const chunk of lines) {
      if (!(await write(res, chunk))) {
        await lines.return(undefined);
        return;
      }
    }
    res.end();
  }

  @Post(':id/import')
  @HttpCode(201)
  async import(@HttpTenant() tenantId: string, @Param('id') id: string, @Req() req: Request): Promise<ImportSummary> {
    const body = await readBody(req, this.limits.maxImportBytes);
    return this.importer.import(tenantId, id, body);
  }
}

/** Writes with backpressure; false when the client has gone away. */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed;
}
