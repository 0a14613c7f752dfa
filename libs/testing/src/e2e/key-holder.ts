import type { Role } from '@cs/domain';
import type { Fixtures, Member } from '../fixtures';
import type { TestWorkspace } from './oauth-stack';

/** A member with an API key: what a test's REST client authenticates with. */
export interface KeyHolder extends Member {
  /** The clear key, shown once in the product. */
  key: string;
  keyId: string;
}

/** A new member (of a new workspace unless one is given) with an API key. */
export async function keyHolder(fixtures: Fixtures, workspace?: TestWorkspace, role?: Role): Promise<KeyHolder> {
  const member = await fixtures.member(workspace ?? (await fixtures.workspace()), role ? { role } : {});
  const { key, row } = await fixtures.apiKey(member);
  return { ...member, key, keyId: row.id };
}
