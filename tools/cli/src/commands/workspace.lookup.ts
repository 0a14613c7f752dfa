import { membershipOf, type MembershipRow, userByEmail, type UserRow, workspaceById, type WorkspaceRow } from '@cs/accounts';
import { isIdOf } from '@cs/domain';
import type { RowQueryable } from '@cs/persistence';
import { CliError } from '../cli-error';

/** The workspace, or a not_found error naming the id the operator typed. */
export async function requireWorkspace(db: RowQueryable, workspaceId: string): Promise<WorkspaceRow> {
  // A malformed id cannot exist, so it is answered like an unknown one, without a query.
  const workspace = isIdOf('workspace', workspaceId) ? await workspaceById(db, workspaceId) : null;
  if (!workspace) throw new CliError('not_found', `workspace ${workspaceId} does not exist`);
  return workspace;
}

/** Emails are unique case-insensitively (users_email_key is on lower(email)). */
export function findUserByEmail(db: RowQueryable, email: string): Promise<UserRow | null> {
  return userByEmail(db, email);
}

export function findMembership(db: RowQueryable, workspaceId: string, userId: string): Promise<MembershipRow | null> {
  return membershipOf(db, workspaceId, userId);
}
