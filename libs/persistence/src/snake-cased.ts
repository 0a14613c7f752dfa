/** `createdAt` → `created_at`: a camelCase name as the column is spelled. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/**
 * A row type's record as the driver returns it (`SELECT created_at …` → `{ created_at: Date }`), derived from the
 * camelCase row so each table's columns are typed once: `type ApiKeyRecord = SnakeCased<ApiKeyRow>`.
 */
export type SnakeCased<T> = { [K in keyof T as K extends string ? SnakeCase<K> : K]: T[K] };
