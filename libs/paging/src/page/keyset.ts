import type { SqlParams } from '@cs/persistence';
import type { CursorKey } from '../cursors/cursor.codec';
import { type Page, toPage } from './page';

/**
 * The order a list is keyset-paginated on: a sort expression with the id breaking ties, both in one direction.
 * A cursor carries the (sort value, id) of the last row returned, and the next page is the rows strictly after
 * it, so a page deep in the listing costs what the first one does.
 */
export class Keyset<R> {
  constructor(
    private readonly sort: string,
    private readonly id: string,
    private readonly direction: 'ASC' | 'DESC',
    /** Postgres type the cursor's sort value is cast to (it travels as JSON text), or null when text compares right. */
    private readonly sortType: string | null,
    private readonly keyOf: (row: R) => CursorKey,
  ) {}

  /** The WHERE condition of the page after `key`. */
  after(p: SqlParams, key: CursorKey): string {
    const sortValue = this.sortType ? `${p.add(key[0])}::${this.sortType}` : p.add(key[0]);
    return `(${this.sort}, ${this.id}) ${this.direction === 'DESC' ? '<' : '>'} (${sortValue}, ${p.add(key[1])})`;
  }

  /** ORDER BY alone. */
  orderBy(): string {
    return `ORDER BY ${this.sort} ${this.direction}, ${this.id} ${this.direction}`;
  }

  /** ORDER BY and LIMIT: one row more than the page, to tell whether another follows (see `page`). */
  orderAndLimit(p: SqlParams, limit: number): string {
    return `${this.orderBy()} LIMIT ${p.add(limit + 1)}`;
  }

  /** The page out of the `limit + 1` rows fetched in this order. */
  page<Row extends R, T>(rows: Row[], limit: number, map: (row: Row) => T): Page<T> {
    return toPage(rows, limit, this.keyOf, map);
  }
}

/** Newest first, id breaking ties: the order of every list but tags. `alias` is the table's alias in the query. */
export function newestFirst(alias: string): Keyset<{ created_at: Date; id: string }> {
  return new Keyset(`${alias}.created_at`, `${alias}.id`, 'DESC', 'timestamptz', (row) => [row.created_at.toISOString(), row.id]);
}

/** Oldest first, id breaking ties: the export's order, so what is created while it runs comes after what it has sent. */
export function oldestFirst(alias: string): Keyset<{ created_at: Date; id: string }> {
  return new Keyset(`${alias}.created_at`, `${alias}.id`, 'ASC', 'timestamptz', (row) => [row.created_at.toISOString(), row.id]);
}
