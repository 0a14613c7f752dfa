import { Controller, Delete, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import { DomainError } from '@cs/domain';
import type { Response } from 'express';
import { RateLimitGuard } from '@cs/nest-infrastructure';
import { type AuthenticatedRequest, McpAuthGuard } from '../auth/mcp-auth.guard';
import { OriginGuard } from '../http/origin.guard';
import { McpEndpoint } from './mcp-endpoint';

/** Streamable HTTP at /mcp, stateless: POST carries every JSON-RPC message; there is no session and no SSE stream. */
@Controller('mcp')
// Origin first, so a foreign page learns nothing more; rate limits count per OAuth grant, after authentication
// (tools only read, so the reads quota applies).
@UseGuards(OriginGuard, McpAuthGuard, RateLimitGuard)
export class McpController {
  constructor(private readonly endpoint: McpEndpoint) {}

  @Post()
  async post(@Req() req: AuthenticatedRequest, @Res() res: Response): Promise<void> {
    if (!req.user) throw new DomainError('internal_error', 'The request was not authenticated.');
    await this.endpoint.serve(req, res, req.user);
  }

  // A stateless server offers no server-to-client stream and no session to end (Streamable HTTP: 405 then).
  @Get()
  get(): never {
    throw new DomainError('method_not_allowed', 'This MCP server is stateless: send every message with POST.');
  }

  @Delete()
  delete(): never {
    throw new DomainError('method_not_allowed', 'This MCP server is stateless: there is no session to delete.');
  }
}
