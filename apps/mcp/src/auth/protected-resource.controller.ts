import { Controller, Get, Header, Inject } from '@nestjs/common';
import { MCP_CONFIG, type McpConfig } from '../config/mcp-config';

/** Scopes an assistant asks for to use every tool (get-me needs none of them; email adds the address to it). */
export const MCP_SCOPES = ['conversations:read', 'folders:read', 'email'] as const;

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728), which MCP clients read to find the authorization server.
 * Served at the well-known root and at its path-suffixed form for the /mcp resource (RFC 9728 §3.1); the auth
 * app keeps /.well-known/oauth-authorization-server for itself, so nothing here shadows it.
 */
@Controller('.well-known')
export class ProtectedResourceController {
  constructor(@Inject(MCP_CONFIG) private readonly config: McpConfig) {}

  @Get(['oauth-protected-resource', 'oauth-protected-resource/mcp'])
  @Header('Cache-Control', 'public, max-age=3600')
  metadata() {
    return {
      resource: this.config.PUBLIC_MCP_URL,
      authorization_servers: [this.config.PUBLIC_AUTH_URL],
      scopes_supported: [...MCP_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Conversation Service MCP server',
    };
  }
}
