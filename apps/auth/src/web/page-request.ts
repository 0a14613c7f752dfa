import type { SignedInUser } from '@cs/accounts';
import type { Request } from 'express';

/** The workspace a developer-settings page is about, which its user administers, and every workspace of theirs. */
export interface AdminContext {
  user: SignedInUser;
  workspace: { id: string; name: string; oauthAppsEnabled: boolean };
  workspaces: { id: string; name: string; isAdmin: boolean }[];
}

/** A page request after the page guards: what they established, for the handler's parameter decorators. */
export interface PageRequest extends Request {
  pageUser?: SignedInUser;
  adminContext?: AdminContext;
}
