export { userIdForCredentials, userEmail, recordSignInAttempt } from './users';
export { WebSessionStore, WEB_SESSION_SECONDS, type SignedInUser } from './web-sessions';
export { workspacesOf, type MemberWorkspace } from './memberships';
export {
  API_KEY_NAME_MAX_LENGTH,
  ApiKeyNameError,
  apiKeyName,
  createApiKey,
  apiKeysOf,
  apiKeysOfUser,
  type PersonalApiKey,
  apiKeyById,
  apiKeyBySecret,
  type ApiKeyRow,
  revokeApiKey,
  recordApiKeyUse,
  apiKeyUseDue,
  API_KEY_USE_RECORDED_EVERY_MS,
  type ApiKeyOwner,
  type ApiKeySummary,
  type CreatedApiKey,
} from './api-keys';
export { createTenant, createWorkspace, oldestWorkspaceNamed, oldestWorkspaceNamedWithMember, tenantById, workspaceById, type TenantRow, type WorkspaceRow } from './workspaces';
export { addMembership, createUser, memberByEmail, membershipOf, setPasswordHash, userByEmail, userById, type MembershipRow, type UserRow } from './members';
