/** What the catalog needs from the database: parameterized SQL returning rows (TypeORM's DataSource fits). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, parameters?: unknown[]): Promise<T[]>;
}

/** SQL twin of isVisibleTo (libs/domain): owned by the caller, or shared with the workspace. */
export const visibleTo = (alias: string, userParam: string): string =>
  `(${alias}.owner_id = ${userParam} OR ${alias}.visibility = 'workspace')`;
