import { API_KEY_SCOPES, type Principal, type Scope } from '@cs/domain';
import type { Member } from './fixtures';

/** The Principal a member's API key resolves to (every scope unless given), for tests that call libs directly. */
export const principalOf = (member: Member, scopes: ReadonlySet<Scope> = API_KEY_SCOPES): Principal => ({
  via: 'api_key',
  userId: member.user.id,
  workspaceId: member.workspace.id,
  tenantId: member.workspace.tenantId,
  role: member.role,
  scopes,
  credentialId: 'key_test',
});
