import type { Role, Scope } from './enums';

/**
 * Who is calling: every API key and access token is bound to one user in one workspace
 * (docs/api.md "Access rules"). `via` tells which credential, because writes accept API keys only.
 */
export interface Principal {
  via: 'api_key' | 'oauth';
  userId: string;
  workspaceId: string;
  tenantId: string;
  /** Membership role; null for OAuth access tokens, which carry no role (reads need none). */
  role: Role | null;
  scopes: ReadonlySet<Scope>;
  /** API key id or OAuth grant id, for logs and revocation. */
  credentialId: string;
}

/** API keys carry all of their user's rights. */
export const API_KEY_SCOPES: ReadonlySet<Scope> = new Set(['email', 'folders:read', 'conversations:read']);
