import { invalidCursor, type Principal } from '@cs/domain';
import type { CursorCodec, CursorKey } from '../cursors/cursor.codec';
import type { PageParams } from '../params/common-params';
import type { Params } from '../params/query-params';

export interface PageRequest<F> {
  filters: F;
  limit: number;
  /** Keyset position after which the page starts; absent on the first page. */
  after?: CursorKey;
}

/**
 * A request with a cursor continues the listing the cursor was issued for: filters come from the cursor.
 * Filters the request repeats must equal the cursor's (docs/api.md "Pagination": cursors are bound to their filters).
 */
export function continueFrom<F extends object>(
  requested: F,
  given: ReadonlySet<string>,
  parameterNames: Record<keyof F & string, string>,
  cursorFilters: Record<string, unknown>,
): F {
  for (const [field, parameter] of Object.entries(parameterNames) as [keyof F & string, string][]) {
    if (given.has(parameter) && JSON.stringify(requested[field]) !== JSON.stringify(cursorFilters[field])) {
      throw invalidCursor(`issued for a different ${parameter}`);
    }
  }
  return cursorFilters as F;
}

/** Where a request resumes: the start, or after its cursor's position with the cursor's filters. */
export interface Resumption<F> {
  filters: F;
  after?: CursorKey;
}

/** A listing's or stream's resumption from its `cursor` parameter (see continueFrom). */
export function resumeFrom<F extends object>(
  cursors: CursorCodec,
  principal: Principal,
  route: string,
  params: Params<{ cursor?: string | undefined }>,
  filters: F,
  parameterNames: Record<keyof F & string, string>,
): Resumption<F> {
  const { cursor } = params.values;
  if (cursor === undefined) return { filters };
  const decoded = cursors.decode(principal, route, cursor);
  return { filters: continueFrom(filters, params.given, parameterNames, decoded.filters), after: decoded.key };
}

/** The page a list request asks for: the first one, or the one after its cursor, with the cursor's filters. */
export function pageRequest<F extends object>(
  cursors: CursorCodec,
  principal: Principal,
  route: string,
  params: Params<PageParams>,
  filters: F,
  parameterNames: Record<keyof F & string, string>,
): PageRequest<F> {
  return { ...resumeFrom(cursors, principal, route, params, filters, parameterNames), limit: params.values.limit };
}
