import { Controller, Delete, Get, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { Catalog } from '@cs/catalog';
import { Search } from '@cs/search';
import { DomainError } from '@cs/domain';
import type { Response } from 'express';
import { RateLimitGuard } from '@cs/nest-infrastructure';
import { type AuthenticatedRequest, McpAuthGuard } from '../auth/mcp-auth.guard';
import { MCP_CONFIG, type McpConfig } from '../config/mcp-config';
import { OriginGuard } from '../http/origin.guard';
import { JsonResponseTransport } from './json-response.transport';
import { serializeAnswer } from './json-rpc-answer';
import { createMcpServer } from './mcp-server.factory';
import { readStreamableHttpPost } from './streamable-http-post';

const SERVER_VERSION = '0.1.0';

/** Streamable HTTP at /mcp, stateless: POST carries every JSON-RPC message; there is no session and no SSE stream. */
@Controller('mcp')
// Origin first, so a foreign page learns nothing more; rate limits count per OAuth grant, after authentication
// (tools only read, so the reads quota applies).
@UseGuards(OriginGuard, McpAuthGuard, RateLimitGuard)
export class McpController {
  constructor(
    private readonly catalog: Catalog,
    private readonly search: Search,
    @Inject(MCP_CONFIG) private readonly config: McpConfig,
  ) {}

  @Post()
  async post(@Req() req: AuthenticatedRequest, @Res() res: Response): Promise<void> {
    const principal = req.user;
    if (!principal) throw new DomainError('internal_error', 'The request was not authenticated.');
    const post = readStreamableHttpPost(req.headers, req.body);
    if (post.refused) {
      res.status(post.refused.status).json({ jsonrpc: '2.0', error: post.refused.error, id: null });
      return;
    }
    const server = createMcpServer({
      catalog: this.catalog,
      search: this.search,
      principal,
      requestId: String(req.id ?? ''),
      publicApiUrl: this.config.PUBLIC_API_URL,
      version: SERVER_VERSION,
    });
    // JSON answers rather than an SSE stream: every tool answers at once, and a plain body is cheaper to serve.
    const transport = new JsonResponseTransport();
    await server.connect(transport);
    let answer;
    try {
      answer = await transport.exchange(post.message);
    } catch (error) {
      // Abort whatever handler may still run for this request before the error reaches the filter.
      await server.close();
      throw error;
    }
    // Not closed once it has answered: every handler has returned by then and the pair holds no timer or stream,
    // so both are simply dropped; close() would only build a "Connection closed" McpError (stack trace included)
    // that nothing receives, 2% of the server's CPU per call (npm run bench -- mcp).
    if (answer === undefined) {
      // A notification or a response: accepted, nothing to answer (Streamable HTTP: 202).
      res.status(202).end();
      return;
    }
    const body = serializeAnswer(answer);
    // Written as it is: Express's send would copy the string into a Buffer and parse the Content-Type again.
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
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
