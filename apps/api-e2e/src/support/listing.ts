import { type ApiClient, ApiError, type ListConversationsParams, type ListFoldersParams, type ListTagsParams, type PageParams, type Problem } from '@cs/api-client';
import type { ListEnvelope } from '@cs/domain';

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Spec order of conversations and folders: created_at descending, id descending on ties. */
export function newestFirst(rows: readonly { id: string; createdAt: Date }[]): string[] {
  return [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || compare(b.id, a.id))
    .map((r) => r.id);
}

/** Spec order of tags: name case-insensitively ascending, id ascending on ties. */
export function byName(rows: readonly { id: string; name: string }[]): string[] {
  return [...rows].sort((a, b) => compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.id, b.id)).map((r) => r.id);
}

/**
 * Every page of a listing, following next_cursor by hand (not through `paginate`, which would hide a
 * duplicate after a restart). Stops with an error after `maxPages`, so a cursor loop cannot hang a test.
 */
export async function walkPages<T, P extends PageParams>(
  list: (params: P) => Promise<ListEnvelope<T>>,
  params: NoInfer<P>,
  maxPages = 100,
): Promise<ListEnvelope<T>[]> {
  const pages: ListEnvelope<T>[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await list(cursor === undefined ? params : { ...params, cursor });
    pages.push(page);
    if (!page.has_more) return pages;
    if (page.next_cursor === null) throw new Error('has_more is true but next_cursor is null');
    cursor = page.next_cursor;
    if (pages.length >= maxPages) throw new Error(`more than ${maxPages} pages`);
  }
}

export async function allIds<T extends { id: string }, P extends PageParams>(
  list: (params: P) => Promise<ListEnvelope<T>>,
  params: NoInfer<P>,
): Promise<string[]> {
  return (await walkPages(list, params)).flatMap((page) => page.data.map((item) => item.id));
}

export const conversationIds = (client: ApiClient, params: ListConversationsParams = {}) =>
  allIds((p: ListConversationsParams) => client.listConversations(p), params);

export const folderIds = (client: ApiClient, params: ListFoldersParams = {}) => allIds((p: ListFoldersParams) => client.listFolders(p), params);

export const tagIds = (client: ApiClient, params: ListTagsParams = {}) => allIds((p: ListTagsParams) => client.listTags(p), params);

/** The ApiError a call must fail with. */
export async function failure(call: Promise<unknown>): Promise<ApiError & { problem: Problem }> {
  const outcome = await call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected the call to fail, it answered ${JSON.stringify(outcome.value).slice(0, 500)}`);
  if (!(outcome.error instanceof ApiError)) throw outcome.error;
  if (outcome.error.problem === null) throw new Error(`expected a problem document, got ${String(outcome.error.body)}`);
  return outcome.error as ApiError & { problem: Problem };
}

/** What must be identical between two 404s so that neither reveals whether something exists. */
export const notFoundFace = (problem: Problem) => ({
  type: problem.type,
  title: problem.title,
  status: problem.status,
  code: problem.code,
  detail: problem.detail,
});
