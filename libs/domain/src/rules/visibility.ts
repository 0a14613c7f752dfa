import type { Visibility } from '../resources/enums';

/**
 * docs/api.md "Access rules": a conversation or folder is visible to a user when the user owns it
 * or its visibility is `workspace`. Being a workspace admin grants no extra reading.
 * Its SQL twin, visibleTo, is below; the catalog's and the writes' queries use it.
 */
export function isVisibleTo(userId: string, item: { ownerId: string; visibility: Visibility }): boolean {
  return item.ownerId === userId || item.visibility === 'workspace';
}

/** The SQL twin of isVisibleTo: `alias`'s row is owned by the user bound to `userParam`, or shared with the workspace. */
export const visibleTo = (alias: string, userParam: string): string =>
  `(${alias}.owner_id = ${userParam} OR ${alias}.visibility = 'workspace')`;
