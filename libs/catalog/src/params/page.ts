import type { CursorKey } from '../cursors/cursor.codec';

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
