import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller';
import { McpHttpService } from './mcp-http.service';

/** Limbic's MCP tools over Streamable HTTP at /mcp; the tools themselves are libs/mcp. */
@Module({
  controllers: [McpController],
  providers: [McpHttpService],
})
export class McpModule {}
