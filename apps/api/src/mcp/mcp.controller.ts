import { Controller, Delete, Get, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { badInput } from '../common/api-error';
import { ApiErrorHttpFilter } from '../common/api-error.filter';
import { HttpTenantGuard } from '../auth/http-tenant.guard';
import { McpHttpService } from './mcp-http.service';

/**
 * MCP over Streamable HTTP at /mcp, behind the API keys of /graphql. main.ts refuses a missing
 * or unknown key before the body is parsed; HttpTenantGuard keeps the route safe wherever it is
 * mounted; in keyless mode main.ts's loopbackOnly (every route) stands in for the key. Stateless: no session to
 * resume or end, so GET (a server-to-client stream) and DELETE (end a session) answer 405, as
 * the SDK's stateless server does.
 */
@Controller('mcp')
@UseGuards(HttpTenantGuard)
@UseFilters(ApiErrorHttpFilter)
export class McpController {
  constructor(private readonly mcp: McpHttpService) {}

  @Post()
  async post(@Req() req: Request, @Res() res: Response, @Query('agent') agent: unknown): Promise<void> {
    if (agent !== undefined && (typeof agent !== 'string' || agent === '')) throw badInput('agent', 'must be one agent id, e.g. /mcp?agent=assistant');
    await this.mcp.handle(req, res, agent);
  }

  @Get()
  get(@Res() res: Response): void {
    methodNotAllowed(res);
  }

  @Delete()
  delete(@Res() res: Response): void {
    methodNotAllowed(res);
  }
}

function methodNotAllowed(res: Response): void {
  res.status(405).setHeader('allow', 'POST').json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, send JSON-RPC messages with POST' }, id: null });
}
