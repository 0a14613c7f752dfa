import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Catalog } from '@cs/catalog';
import { Search } from '@cs/search';
import type { Principal } from '@cs/domain';
import { type AuthInfo, classifyInboundRequest, createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import { type NodeMcpRequestHandler, toNodeHandler } from '@modelcontextprotocol/node';
import type { Request, Response } from 'express';
import { MCP_CONFIG, type McpConfig } from '../config/mcp-config';
import { serveLegacyExchange } from './legacy-exchange';
import type { McpRequestContext } from './mcp-request-context';
import { createMcpServer } from './mcp-server.factory';
import { headerValue } from './streamable-http-post';

const SERVER_VERSION = '0.1.0';

/** Where the SDK's handler finds the request's context: AuthInfo.extra is its documented pass-through to the factory. */
const CONTEXT = 'cs.context';

/**
 * /mcp for both protocol revisions (docs/mcp.md "Protocol revisions"). The SDK's own classification decides which
 * revision a POST speaks: 2026-07-28 requests (a `_meta` envelope per request) go to the SDK's handler, which
 * answers server/discover, checks the Mcp-Method / Mcp-Name headers and the version, and adds resultType and the
 * cache hints; 2025-era requests get the JSON answers they always had (legacy-exchange.ts). Both build the same
 * server for the same caller.
 */
@Injectable()
export class McpEndpoint implements OnApplicationShutdown {
  private readonly logger = new Logger('McpEndpoint');
  private readonly modern: McpHttpHandler;
  private readonly modernNode: NodeMcpRequestHandler;

  constructor(
    private readonly catalog: Catalog,
    private readonly search: Search,
    @Inject(MCP_CONFIG) private readonly config: McpConfig,
  ) {
    const onerror = (error: Error) => this.logger.debug({ err: error }, 'MCP request refused or failed in the SDK');
    // 'json': no tool reports progress or logs, so a plain body is all an answer needs. 'reject': 2025-era
    // requests never reach this handler (serve() sends them to legacy-exchange.ts by the SDK's own classification);
    // if one did, it would be refused rather than answered as an SSE stream.
    this.modern = createMcpHandler(({ authInfo }) => createMcpServer(contextOf(authInfo)), { responseMode: 'json', legacy: 'reject', onerror });
    this.modernNode = toNodeHandler(this.modern, { onerror: (error) => this.logger.error({ err: error }, 'MCP handler failed') });
  }

  async serve(req: Request & { id?: unknown }, res: Response, principal: Principal): Promise<void> {
    const context: McpRequestContext = {
      catalog: this.catalog,
      search: this.search,
      principal,
      requestId: String(req.id ?? ''),
      publicApiUrl: this.config.PUBLIC_API_URL,
      version: SERVER_VERSION,
    };
    const route = classifyInboundRequest({
      httpMethod: 'POST',
      protocolVersionHeader: headerValue(req.headers['mcp-protocol-version']),
      mcpMethodHeader: headerValue(req.headers['mcp-method']),
      mcpNameHeader: headerValue(req.headers['mcp-name']),
      body: req.body,
    });
    if (route.kind === 'legacy') return serveLegacyExchange(context, req.headers, req.body, res);
    // Modern requests and the classification's own refusals (an unknown version, a malformed envelope) are the
    // SDK handler's to answer, with the codes 2026-07-28 gives them.
    const auth: AuthInfo = { token: '', clientId: principal.credentialId, scopes: [...principal.scopes], extra: { [CONTEXT]: context } };
    await this.modernNode(Object.assign(req, { auth }), res, req.body);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.modern.close();
  }
}

function contextOf(authInfo: AuthInfo | undefined): McpRequestContext {
  const context = authInfo?.extra?.[CONTEXT];
  // Only McpEndpoint.serve calls the handler, always with a context.
  if (!context) throw new Error('An MCP request reached the SDK handler without its context.');
  return context as McpRequestContext;
}
