import type { RowQueryable } from './pool-queryable';

/** Rows per statement: one multi-row INSERT each, far below Postgres' 65,535 parameters for any of our tables. */
export const INSERT_CHUNK_ROWS = 200;

/**
 * Inserts many rows of one table, one multi-row `INSERT … VALUES` per chunk: what seeds and benchmark datasets
 * need to stay fast. `table` and `columns` are the caller's constants, never input; each row gives the values of
 * `columns` in that order.
 */
export async function insertRows(db: RowQueryable, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + INSERT_CHUNK_ROWS);
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${valuesList(chunk.length, columns.length)}`, chunk.flat());
  }
}

/** `($1, $2), ($3, $4)` for 2 rows of 2 columns. */
export function valuesList(rows: number, columns: number): string {
  return Array.from({ length: rows }, (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`).join(', ');
}
