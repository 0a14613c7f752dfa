import type { DataSource, EntityManager } from 'typeorm';

/**
 * One transaction's connection. `query` always resolves to the rows (TypeORM's own answers [rows, count] for
 * UPDATE and DELETE), so it fits the catalog's Queryable and the outbox writer alike; `affected` counts rows.
 */
export class Tx {
  constructor(private readonly manager: EntityManager) {}

  async query<T = Record<string, unknown>>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    const result = await this.runner().query(sql, parameters, true);
    return (result.records ?? []) as T[];
  }

  async affected(sql: string, parameters: unknown[] = []): Promise<number> {
    const result = await this.runner().query(sql, parameters, true);
    return result.affected ?? 0;
  }

  private runner() {
    const runner = this.manager.queryRunner;
    if (!runner) throw new Error('Tx used outside a transaction');
    return runner;
  }
}

/** Runs work in one READ COMMITTED transaction: everything it writes commits together or not at all. */
export function inTransaction<T>(dataSource: DataSource, work: (tx: Tx) => Promise<T>): Promise<T> {
  return dataSource.transaction((manager) => work(new Tx(manager)));
}
