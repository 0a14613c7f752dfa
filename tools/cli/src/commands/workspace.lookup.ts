import { isIdOf } from '@cs/domain';
import { MembershipEntity, UserEntity, WorkspaceEntity } from '@cs/persistence';
import type { EntityManager } from 'typeorm';
import { CliError } from '../cli-error';

/** The workspace, or a not_found error naming the id the operator typed. */
export async function requireWorkspace(manager: EntityManager, workspaceId: string): Promise<WorkspaceEntity> {
  // A malformed id cannot exist, so it is answered like an unknown one, without a query.
  const workspace = isIdOf('workspace', workspaceId) ? await manager.findOneBy(WorkspaceEntity, { id: workspaceId }) : null;
  if (!workspace) throw new CliError('not_found', `workspace ${workspaceId} does not exist`);
  return workspace;
}

/** Emails are unique case-insensitively (users_email_key is on lower(email)). */
export function findUserByEmail(manager: EntityManager, email: string): Promise<UserEntity | null> {
  return manager.createQueryBuilder(UserEntity, 'u').where('lower(u.email) = lower(:email)', { email }).getOne();
}

export function findMembership(manager: EntityManager, workspaceId: string, userId: string): Promise<MembershipEntity | null> {
  return manager.findOneBy(MembershipEntity, { workspaceId, userId });
}
