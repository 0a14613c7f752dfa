import type { ChangeStatement } from '@cs/events';

/** What a PATCH changes: the columns whose value differs, and the row before and after. */
export interface RowChange<Row> {
  table: 'conversations' | 'folders' | 'tags';
  columns: string[];
  before: Row;
  after: Row;
}

/**
 * PATCH semantics on a row the caller has locked and read (its columns are the "before"): the given columns whose
 * value is not undefined (null clears) and differs from the stored one. Comparing with the locked row instead of
 * reading it again, `updated_after` and the `*.updated` events see real changes only, at no extra statement. The
 * columns compared are text.
 */
export function rowChange<Row extends { id: string }>(table: RowChange<Row>['table'], locked: Row, changes: Partial<Row>): RowChange<Row> {
  const changed = Object.entries(changes).filter(([column, value]) => value !== undefined && locked[column as keyof Row] !== value);
  return { table, columns: changed.map(([column]) => column), before: locked, after: { ...locked, ...Object.fromEntries(changed) } };
}

/** The UPDATE of a change, updated_at included; it returns the row as it is after. Names are the caller's constants, never input. */
export function updateStatement<Row extends { id: string }>(change: RowChange<Row>, now: Date): ChangeStatement {
  const values = change.columns.map((column) => change.after[column as keyof Row]);
  const sets = [...change.columns.map((column, i) => `${column} = $${i + 2}`), `updated_at = $${values.length + 2}`];
  return { sql: `UPDATE ${change.table} SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, values: [change.after.id, ...values, now] };
}
