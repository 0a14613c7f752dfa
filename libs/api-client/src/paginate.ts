import type { ListEnvelope } from '@cs/domain';
import { ApiError } from './api-error';
import type { PageParams } from './list-params';

export type ListFunction<T, P extends PageParams> = (params: P) => Promise<ListEnvelope<T>>;

export interface PaginateOptions {
  /** How many times a rejected cursor may send the walk back to the first page; default 3. */
  maxRestarts?: number;
  onRestart?: (error: ApiError, restart: number) => void;
}

export const DEFAULT_MAX_RESTARTS = 3;

const isRejectedCursor = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && error.code === 'invalid_cursor';

const idOf = (item: unknown): string | undefined =>
  typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string' ? (item as { id: string }).id : undefined;

/**
 * Every item of a listing, page after page (`for await (const c of paginate((p) => client.listConversations(p), { status: 'all' }))`).
 * Spec "Pagination": a rejected cursor (expired, or the data shifted) means restarting from the first page; after a
 * restart, items already yielded are skipped by id, so a consumer sees each item once.
 */
export async function* paginate<T, P extends PageParams>(
  list: ListFunction<T, P>,
  params: P,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const maxRestarts = options.maxRestarts ?? DEFAULT_MAX_RESTARTS;
  const firstPage: P = { ...params };
  delete firstPage.cursor;
  const yielded = new Set<string>();
  let restarts = 0;
  let cursor = params.cursor;
  for (;;) {
    let page: ListEnvelope<T>;
    try {
      page = await list(cursor === undefined ? firstPage : { ...firstPage, cursor });
    } catch (error) {
      if (cursor === undefined || !isRejectedCursor(error) || restarts >= maxRestarts) throw error;
      restarts++;
      options.onRestart?.(error, restarts);
      cursor = undefined;
      continue;
    }
    for (const item of page.data) {
      const id = idOf(item);
      if (id !== undefined) {
        if (restarts > 0 && yielded.has(id)) continue;
        yielded.add(id);
      }
      yield item;
    }
    if (!page.has_more || page.next_cursor === null) return;
    cursor = page.next_cursor;
  }
}
