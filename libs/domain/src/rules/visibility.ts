import type { Visibility } from '../resources/enums';

/**
 * docs/api.md "Access rules": a conversation or folder is visible to a user when the user owns it
 * or its visibility is `workspace`. Being a workspace admin grants no extra reading.
 * The SQL twin of this rule lives in libs/catalog (visibleTo); both are tested against the same cases.
 */
export function isVisibleTo(userId: string, item: { ownerId: string; visibility: Visibility }): boolean {
  return item.ownerId === userId || item.visibility === 'workspace';
}
