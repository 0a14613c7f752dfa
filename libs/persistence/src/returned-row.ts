/**
 * The single row a statement that must affect exactly one row gave back (`INSERT … RETURNING`, `UPDATE … RETURNING`
 * by primary key): an empty result there is a bug, not a runtime condition, so it throws.
 */
export function returnedRow<T>(rows: readonly T[], statement: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${statement} returned no row`);
  return row;
}
