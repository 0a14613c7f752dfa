import type { Tx } from './tx';

/**
 * PATCH semantics: sets the columns whose value is not undefined (null clears), and updated_at when anything
 * changed. Table and column names are constants of the caller, never input.
 */
export async function updateRow(tx: Tx, table: 'conversations' | 'folders' | 'tags', id: string, changes: Record<string, unknown>, now: Date): Promise<void> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  const sets = [...entries.map(([column], i) => `${column} = $${i + 2}`), `updated_at = $${entries.length + 2}`];
  await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, [id, ...entries.map(([, value]) => value), now]);
}
