import { Controller, Get, Header, HttpCode, HttpStatus, Options, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Neo4jGuideService } from './neo4j-guide.service';

/**
 * Neo4j Browser fetches `:play <url>` and `:style <url>` from its own page (another origin than
 * ours), the guide with `pragma` and `cache-control` headers, hence a preflight. Both files are
 * public and hold no data, so any origin may read them; no credentials are involved.
 */
@Controller('neo4j-guide')
export class Neo4jGuideController {
  constructor(private readonly guide: Neo4jGuideService) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  @Header('Access-Control-Allow-Origin', '*')
  page(@Req() req: Request): string {
    return this.guide.page(`${req.protocol}://${req.get('host') ?? 'localhost'}`);
  }

  @Get('limbic.grass')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  @Header('Access-Control-Allow-Origin', '*')
  styleSheet(): string {
    return this.guide.styleSheet;
  }

  @Options(['', 'limbic.grass'])
  @HttpCode(HttpStatus.NO_CONTENT)
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Access-Control-Allow-Methods', 'GET')
  @Header('Access-Control-Allow-Headers', 'pragma, cache-control, content-type')
  @Header('Access-Control-Max-Age', '600')
  preflight(): void {}
}
