import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { mcpAllowedOrigins } from '@cs/config';
import { forbidden } from '@cs/domain';
import type { Request } from 'express';
import { MCP_CONFIG, type McpConfig } from '../config/mcp-config';

/**
 * DNS-rebinding protection (MCP transports, both revisions: servers MUST validate Origin): a page that got a
 * victim's browser to resolve an attacker's name to this server would otherwise reach /mcp. Runs before
 * authentication, so a refused page learns nothing about its credentials. Requests without Origin come from no
 * browser page (CLIs, desktop hosts, servers) and pass.
 */
@Injectable()
export class OriginGuard implements CanActivate {
  private readonly allowed: ReadonlySet<string>;

  constructor(@Inject(MCP_CONFIG) config: McpConfig) {
    this.allowed = mcpAllowedOrigins(config);
  }

  canActivate(context: ExecutionContext): boolean {
    const origin = context.switchToHttp().getRequest<Request>().headers.origin;
    if (origin === undefined || this.allowed.has(origin)) return true;
    throw forbidden('Requests from this Origin are not allowed; an operator can add it to MCP_ALLOWED_ORIGINS.');
  }
}
