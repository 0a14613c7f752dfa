/** The one thing this library needs from a database: a parameterised query (a TypeORM DataSource or EntityManager fits). */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, parameters?: unknown[]): Promise<T[]>;
}
