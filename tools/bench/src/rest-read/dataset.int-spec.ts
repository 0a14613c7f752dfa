import { Catalog, LIST_CONVERSATIONS_PARAMS } from '@cs/catalog';
import { CursorCodec } from '@cs/paging';
import { ApiKeyResolver } from '@cs/token-verification';
import type { Pool } from 'pg';
import { poolQueryable } from '@cs/persistence';
import { type LoadedTestDatabase, loadTestDatabase } from '../kit/loaded-test-database';
import { loadDataset } from './dataset';
import type { DatasetInfo, DatasetShape } from './dataset-generator';

const TINY: DatasetShape = {
  label: 'tiny',
  workspaces: 3,
  membersPerWorkspace: 3,
  folders: 80,
  bigFolderDescendants: 40,
  workspaceZeroOtherFolders: 6,
  conversations: 600,
  workspaceZeroConversations: 400,
  tagsPerWorkspace: 5,
  transcriptSegments: 60,
  spanDays: 30,
};

describe('rest-read dataset (loaded through the real COPY path into a migrated database)', () => {
  let loaded: LoadedTestDatabase<DatasetInfo>;
  let pool: Pool;
  let info: DatasetInfo;

  beforeAll(async () => {
    loaded = await loadTestDatabase((url) => loadDataset(url, TINY, () => undefined));
    ({ pool, loaded: info } = loaded);
  });

  afterAll(async () => {
    await loaded?.close();
  });

  it('satisfies the schema: every CHECK at COPY time, every foreign key re-added and validated, indexes as the migration made them', async () => {
    expect(await loaded.schemaNow()).toEqual(loaded.schemaBefore);
  });

  it('has the shape asked for', async () => {
    const count = async (sql: string, params: unknown[] = []) => (await pool.query<{ n: number }>(`SELECT (${sql})::int AS n`, params)).rows[0]?.n;
    expect(await count('SELECT count(*) FROM conversations')).toBe(TINY.conversations);
    expect(await count('SELECT count(*) FROM folders')).toBe(TINY.folders);
    expect(await count('SELECT count(*) FROM workspaces')).toBe(TINY.workspaces);
    expect(await count('SELECT count(*) FROM tags')).toBe(TINY.workspaces * TINY.tagsPerWorkspace);
    expect(info.counts.sources).toBe(await count('SELECT count(*) FROM sources'));
    expect(info.counts.conversation_tags).toBe(await count('SELECT count(*) FROM conversation_tags'));
    // 1 to 3 sources per conversation.
    expect(await count('SELECT count(*) FROM conversations c WHERE NOT EXISTS (SELECT 1 FROM sources s WHERE s.conversation_id = c.id)')).toBe(0);
    expect(await count('SELECT max(n) FROM (SELECT count(*) AS n FROM sources GROUP BY conversation_id) x')).toBeLessThanOrEqual(3);
    // The big folder's whole tree.
    const descendants = await count(
      `WITH RECURSIVE tree(id) AS (SELECT id FROM folders WHERE parent_id = $1 UNION ALL SELECT f.id FROM folders f JOIN tree ON f.parent_id = tree.id) SELECT count(*) FROM tree`,
      [info.bigFolderId],
    );
    expect(descendants).toBe(TINY.bigFolderDescendants);
    expect(info.bigFolderDescendants).toBe(TINY.bigFolderDescendants);
    // Some AI suggestions are stored unaccepted; user tags are always accepted (a CHECK).
    expect(await count(`SELECT count(*) FROM conversation_tags WHERE NOT accepted`)).toBeGreaterThan(0);
  });

  it('serves the benchmark routes through the real key resolver and catalog', async () => {
    const queryable = poolQueryable(pool);
    const resolver = new ApiKeyResolver(queryable);
    const principal = await resolver.resolve(info.apiKey);
    // The key's use is recorded in the background: done before afterAll ends the pool and drops the database.
    await resolver.settled();
    expect(principal).toMatchObject({ workspaceId: info.workspaceId, userId: info.userId });
    const catalog = new Catalog(queryable, new CursorCodec('a-test-cursor-secret-of-at-least-32-chars'));

    const first = await catalog.listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromJson({ limit: 25 }));
    expect(first.data).toHaveLength(25);
    const second = await catalog.listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromJson({ limit: 25, cursor: first.next_cursor ?? '' }));
    expect((second.data[0]?.created_at ?? '') <= (first.data[24]?.created_at ?? '')).toBe(true);

    const inFolder = await catalog.listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromJson({ folder_id: info.bigFolderId }));
    expect(inFolder.data.length).toBeGreaterThan(0);
    const tagged = await catalog.listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromJson({ tag_id: info.popularTagId }));
    expect(tagged.data.every((c) => c.tags.some((t) => t.id === info.popularTagId))).toBe(true);

    const twoHour = await catalog.getConversation(principal, info.twoHourConversationId);
    const transcript = twoHour.sources[0];
    expect(transcript).toMatchObject({ type: 'transcript', duration_seconds: 7_200 });
    const lines = (transcript?.content ?? '').split('\n');
    expect(lines).toHaveLength(TINY.transcriptSegments);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] [^:]+: .+/);
    expect(transcript?.participants.length).toBeGreaterThan(0);
  });
});
