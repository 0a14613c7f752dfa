/**
 * The scopes in plain words: written once, and shown the same on the consent screen, the client form and the
 * account page's connected apps (issue 19: the account page showed `conversations:read`).
 */
export const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  openid: 'Confirm who you are',
  email: 'See your email address',
  'folders:read': 'See the folders in the workspace',
  'conversations:read': 'Read your meetings and conversations, including transcripts and summaries',
  offline_access: 'Stay connected when you are not using the app (refresh access without asking again)',
};

/** A scope in plain words; a scope without words (none today) as itself. */
export const scopeInWords = (scope: string): string => SCOPE_DESCRIPTIONS[scope] ?? scope;
