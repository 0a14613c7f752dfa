export { Writes, type WriteRequest, type WriteResult } from './writes';
export type { UploadInput } from './conversations/insert-sources';
export { LIMITS } from './validation/fields';
export { inTransaction, Tx } from './tx';
export { idempotent, validIdempotencyKey, type WriteResponse } from './idempotency/idempotency';
export { parseBody } from './validation/parse-body';
