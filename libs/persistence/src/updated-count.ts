import type { RowQueryable } from './pool-queryable';

/**
 * How many rows an UPDATE (or DELETE) changed, the same through a pg Pool and through TypeORM, whose `query`
 * answers an UPDATE with `[rows, count]` but a SELECT with its rows: the statement runs in a CTE and a SELECT
 * counts what it returned. `statement` must not have a RETURNING clause of its own.
 */
export async function updatedCount(db: RowQueryable, statement: string, parameters: unknown[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(`WITH changed AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM changed`, parameters);
  return row?.n ?? 0;
}
