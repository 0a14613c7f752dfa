export { userIdForCredentials, userEmail, recordSignInAttempt } from './users';
export { WebSessionStore, WEB_SESSION_SECONDS, type SignedInUser } from './web-sessions';
export { workspacesOf, type MemberWorkspace } from './memberships';
export {
  API_KEY_NAME_MAX_LENGTH,
  ApiKeyNameError,
  apiKeyName,
  createApiKey,
  apiKeysOf,
  revokeApiKey,
  type ApiKeyOwner,
  type ApiKeySummary,
  type CreatedApiKey,
} from './api-keys';
