import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError, insufficientScope, invalidToken, type Principal, type Scope } from '@cs/domain';
import { AccessTokenVerifier } from '@cs/token-verification';
import type { Request } from 'express';
import { RESOURCES_SCOPE } from '../resources/conversation-resources';
import { toolNamed } from '../tools/tool-definitions';

export type AuthenticatedRequest = Request & { user?: Principal; id?: string };

// The scheme is case-insensitive (RFC 9110 §11.1), as the REST API's bearer strategy treats it.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * MCP authorization (spec revision 2025-11-25): every request to /mcp carries an OAuth access token issued for
 * this server (its audience is PUBLIC_MCP_URL, checked by AccessTokenVerifier together with the signature, expiry
 * and revocation, on every request). A tools/call for a tool whose scope the token lacks, or a resource read
 * without conversations:read, is refused with 403 before it reaches the server, so the client can step up (MCP
 * "scope challenge handling").
 */
@Injectable()
export class McpAuthGuard implements CanActivate {
  constructor(private readonly verifier: AccessTokenVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = req.headers.authorization;
    if (header === undefined) {
      throw new DomainError('invalid_token', 'This MCP server needs an OAuth access token: discover the authorization server from the resource metadata.', {
        credentialsMissing: true,
      });
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) throw invalidToken('The Authorization header must be "Bearer <access token>".');
    // API keys carry write rights and no audience; the MCP server is for OAuth-connected assistants only.
    if (token.startsWith('sk_')) throw invalidToken('API keys are not accepted by the MCP server; connect with OAuth.');
    const principal = await this.verifier.verify(token);
    req.user = principal;
    for (const message of Array.isArray(req.body) ? (req.body as unknown[]) : [req.body]) {
      const scope = requiredScope(message);
      if (scope && !principal.scopes.has(scope)) throw insufficientScope(scope);
    }
    return true;
  }
}

/** The scope a message needs: its tool's for a tools/call, conversations:read to list or read conversation:// resources. */
function requiredScope(message: unknown): Scope | null {
  if (typeof message !== 'object' || message === null) return null;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (method === 'resources/list' || method === 'resources/read') return RESOURCES_SCOPE;
  if (method !== 'tools/call' || typeof params?.name !== 'string') return null;
  return toolNamed(params.name)?.scope ?? null;
}
