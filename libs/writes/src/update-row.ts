import type { Tx } from './tx';

/** What an update changed: the columns whose value differs now, and every given column's value before. */
export interface RowChange {
  columns: string[];
  before: Record<string, unknown>;
}

/**
 * PATCH semantics: sets the given columns whose value is not undefined (null clears) and differs from the stored one,
 * and updated_at when anything changed, so `updated_after` and the `*.updated` events see real changes only. The row
 * is locked by the caller. Table and column names are constants of the caller, never input; the columns are text.
 */
export async function updateRow(tx: Tx, table: 'conversations' | 'folders' | 'tags', id: string, changes: Record<string, unknown>, now: Date): Promise<RowChange> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return { columns: [], before: {} };
  const [before = {}] = await tx.query<Record<string, unknown>>(`SELECT ${entries.map(([column]) => column).join(', ')} FROM ${table} WHERE id = $1`, [id]);
  const changed = entries.filter(([column, value]) => before[column] !== value);
  if (changed.length === 0) return { columns: [], before };
  const sets = [...changed.map(([column], i) => `${column} = $${i + 2}`), `updated_at = $${changed.length + 2}`];
  await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, [id, ...changed.map(([, value]) => value), now]);
  return { columns: changed.map(([column]) => column), before };
}
