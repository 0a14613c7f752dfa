/*
 * Keyset paging, written once for every list (catalog, webhooks, …): the query parameters a list or retrieve
 * takes (limit and cursor among them), the signed cursor, the page request a cursor continues, the keyset
 * condition and order in SQL, and the `{ data, next_cursor, has_more }` answer.
 */
export { CursorCodec, type CursorHolder, type CursorKey } from './cursors/cursor.codec';
export { type JsonSchema, type Params, QueryParams, type RawQuery, toJsonSchema } from './params/query-params';
export { DEFAULT_LIMIT, flag, limitUpTo, MAX_LIMIT, oneOf, PAGE, sqlString, text } from './params/fields';
export { NO_PARAMS, PAGE_PARAMS, type PageParams } from './params/common-params';
export { type PageRequest, pageRequest, resumeFrom, type Resumption } from './page/page-request';
export { type Page, toEnvelope, toPage } from './page/page';
export { Keyset, newestFirst, oldestFirst } from './page/keyset';
export { listEnvelope } from './page/page.schema';
