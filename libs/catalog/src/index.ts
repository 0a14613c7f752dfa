export { Catalog } from './catalog';
export { CursorCodec, CURSOR_TTL_SECONDS } from './cursors/cursor.codec';
export type { Queryable } from './db';
export type { RawQuery } from './params/query-reader';
export { DEFAULT_LIMIT, MAX_LIMIT } from './params/query-reader';
export { MAX_TAG_FILTERS } from './conversations/conversation-filters';
