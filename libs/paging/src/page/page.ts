import type { ListEnvelope, Principal } from '@cs/domain';
import type { CursorCodec, CursorKey } from '../cursors/cursor.codec';

export interface Page<T> {
  items: T[];
  /** Sort key of the last item when more rows follow. */
  nextKey: CursorKey | null;
}

/** Queries fetch limit + 1 rows; the extra row only tells that another page exists. */
export function toPage<R, T>(rows: R[], limit: number, keyOf: (row: R) => CursorKey, map: (row: R) => T): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(map), nextKey: hasMore && last !== undefined ? keyOf(last) : null };
}

/**
 * The list answer (spec "Pagination"): the page's items and, when more follow, a cursor bound to the caller, the
 * endpoint and the filters the page was read with.
 */
export function toEnvelope<T>(cursors: CursorCodec, principal: Principal, route: string, filters: object, page: Page<T>): ListEnvelope<T> {
  return {
    data: page.items,
    next_cursor: page.nextKey ? cursors.encode(principal, route, filters as Record<string, unknown>, page.nextKey) : null,
    has_more: page.nextKey !== null,
  };
}
