import { z } from 'zod/v4';
import { PAGE } from './fields';
import { QueryParams } from './query-params';

/** A retrieve that takes no parameters: any one given is refused (docs/api.md "Errors": unknown parameters are a 400). */
export const NO_PARAMS = new QueryParams(z.strictObject({}));

/** A list without filters (GET /api/v1/tags, GET /api/v1/webhooks): paging only. */
export const PAGE_PARAMS = new QueryParams(z.strictObject(PAGE));

export type PageParams = z.output<typeof PAGE_PARAMS.schema>;
