export * from './data-source';
export * from './database-errors';
export { poolQueryable, postgresPool, readQueryable, type RowQueryable } from './pool-queryable';
export { SqlParams } from './sql-params';
export { returnedRow } from './returned-row';
export { INSERT_CHUNK_ROWS, insertRows } from './insert-rows';
export type { SnakeCase, SnakeCased } from './snake-cased';
export { updatedCount } from './updated-count';
export { MAX_WORD_PAIR_BYTES } from './migrations/1765000000000-search-word-pairs';
