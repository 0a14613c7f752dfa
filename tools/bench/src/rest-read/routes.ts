import type { DatasetInfo } from './dataset-generator';

export type RouteKey = 'first_page' | 'deep_page' | 'folder_recursive' | 'tag_filter' | 'retrieve_two_hour';

export interface BenchRoute {
  key: RouteKey;
  label: string;
  /** Path and query, the same against both servers. */
  path: string;
  /** What the route exercises, for the report. */
  description: string;
}

export const PAGE_LIMIT = 25;

interface ListPage {
  data: { id: string }[];
  next_cursor: string | null;
  has_more: boolean;
}

/**
 * Follows next_cursor from the first page until the response to `pages` requests has been read, through
 * the api, and returns the cursor that page handed out: requesting it returns page `pages + 1`, i.e. it
 * skips `pages × limit` conversations. Done once, before measuring.
 */
export async function walkToDeepCursor(baseUrl: string, apiKey: string, pages: number): Promise<{ cursor: string; skipped: number }> {
  let cursor: string | null = null;
  let skipped = 0;
  for (let page = 1; page <= pages; page++) {
    const query: string = cursor === null ? `limit=${PAGE_LIMIT}` : `limit=${PAGE_LIMIT}&cursor=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${baseUrl}/api/v1/conversations?${query}`, { headers: { authorization: `Bearer ${apiKey}` } });
    if (response.status !== 200) throw new Error(`walking to the deep page: page ${page} answered ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as ListPage;
    skipped += body.data.length;
    if (!body.has_more || body.next_cursor === null) {
      throw new Error(`walking to the deep page: the listing ends at page ${page} (${skipped} conversations); the dataset is too small`);
    }
    cursor = body.next_cursor;
  }
  if (cursor === null) throw new Error('walking to the deep page: no pages walked');
  return { cursor, skipped };
}

export function benchRoutes(info: DatasetInfo, deepCursor: string, deepPages: number): BenchRoute[] {
  return [
    {
      key: 'first_page',
      label: 'first page',
      path: `/api/v1/conversations?limit=${PAGE_LIMIT}`,
      description: `GET /conversations?limit=${PAGE_LIMIT}`,
    },
    {
      key: 'deep_page',
      label: `page ${deepPages + 1} (cursor)`,
      path: `/api/v1/conversations?limit=${PAGE_LIMIT}&cursor=${encodeURIComponent(deepCursor)}`,
      description: `GET /conversations?limit=${PAGE_LIMIT}&cursor=… after ${deepPages} pages (${(deepPages * PAGE_LIMIT).toLocaleString('en-US')} conversations skipped)`,
    },
    {
      key: 'folder_recursive',
      label: 'folder (recursive)',
      path: `/api/v1/conversations?limit=${PAGE_LIMIT}&folder_id=${info.bigFolderId}`,
      description: `GET /conversations?folder_id=… (recursive; ${info.bigFolderDescendants.toLocaleString('en-US')} descendant folders)`,
    },
    {
      key: 'tag_filter',
      label: 'tag filter',
      path: `/api/v1/conversations?limit=${PAGE_LIMIT}&tag_id=${info.popularTagId}`,
      description: `GET /conversations?tag_id=… (the workspace's most used tag, on ${info.popularTagConversations.toLocaleString('en-US')} conversations)`,
    },
    {
      key: 'retrieve_two_hour',
      label: 'retrieve 2-h transcript',
      path: `/api/v1/conversations/${info.twoHourConversationId}`,
      description: `GET /conversations/{id} (a two-hour transcript of ${info.shape.transcriptSegments.toLocaleString('en-US')} segments)`,
    },
  ];
}

/** The body minus what legitimately differs between two answers to one request (the cursor's expiry). */
function comparable(body: unknown): unknown {
  if (body && typeof body === 'object' && 'next_cursor' in body) {
    const { next_cursor: cursor, ...rest } = body as { next_cursor: string | null };
    if (cursor === null) return { ...rest, next_cursor: null };
    // base64url(payload).mac: compare the payload without its expiry (e), which moves with the clock.
    const payload = JSON.parse(Buffer.from(cursor.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    delete payload['e'];
    return { ...rest, next_cursor: payload };
  }
  return body;
}

/**
 * Asks both servers once for each route and checks they answer 200 with the same data: the baseline
 * must do the same work, not less. Returns the size of each answer.
 */
export async function checkSameAnswers(
  routes: readonly BenchRoute[],
  apiUrl: string,
  baselineUrl: string,
  apiKey: string,
): Promise<Record<RouteKey, { bytes: number; items: number | null }>> {
  const out = {} as Record<RouteKey, { bytes: number; items: number | null }>;
  for (const route of routes) {
    const answers = await Promise.all(
      [apiUrl, baselineUrl].map(async (base) => {
        const response = await fetch(`${base}${route.path}`, { headers: { authorization: `Bearer ${apiKey}` } });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${route.label}: ${base} answered ${response.status}: ${text.slice(0, 500)}`);
        return text;
      }),
    );
    const [api, baseline] = answers.map((text) => JSON.stringify(comparable(JSON.parse(text)))) as [string, string];
    if (api !== baseline) {
      throw new Error(`${route.label}: the baseline's answer differs from the api's:\napi:      ${api.slice(0, 400)}\nbaseline: ${baseline.slice(0, 400)}`);
    }
    const parsed = JSON.parse(answers[0] as string) as { data?: unknown[] };
    out[route.key] = { bytes: Buffer.byteLength(answers[0] as string), items: Array.isArray(parsed.data) ? parsed.data.length : null };
  }
  return out;
}
