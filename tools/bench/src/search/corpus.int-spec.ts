import { Catalog, LIST_CONVERSATIONS_PARAMS, SearchBudget } from '@cs/catalog';
import { CursorCodec } from '@cs/paging';
import { poolQueryable } from '@cs/persistence';
import { Search, SEARCH_PARAMS } from '@cs/search';
import { ApiKeyResolver } from '@cs/token-verification';
import type { Pool } from 'pg';
import { type LoadedTestDatabase, loadTestDatabase } from '../kit/loaded-test-database';
import { bulkIndex } from './bulk-index';
import { CONVERSATION_TERMS_TABLE, loadCorpus, PASSAGES_TABLE, storageFigures } from './corpus';
import { type CorpusInfo, type CorpusShape, QUICK_CORPUS } from './corpus-generator';
import type { IndexingFigures } from './corpus';

const TINY: CorpusShape = { ...QUICK_CORPUS, label: 'tiny', workspaces: 2, membersPerWorkspace: 4, foldersPerWorkspace: 10, tagsPerWorkspace: 4, conversations: 24 };

describe('search corpus (loaded through the real COPY path, indexed by @cs/search)', () => {
  let loaded: LoadedTestDatabase<{ info: CorpusInfo; indexing: IndexingFigures }>;
  let pool: Pool;
  let info: CorpusInfo;
  let indexing: IndexingFigures;

  beforeAll(async () => {
    loaded = await loadTestDatabase((url) => loadCorpus(url, TINY, (at, log) => bulkIndex(at, log, { batch: 5 }), () => undefined));
    ({ pool, loaded: { info, indexing } } = loaded);
  }, 120_000);

  afterAll(async () => {
    await loaded?.close();
  });

  const count = async (sql: string, params: unknown[] = []) => (await pool.query<{ n: number }>(`SELECT (${sql})::int AS n`, params)).rows[0]?.n;

  it('leaves the schema as the migrations made it: the GIN index rebuilt, every foreign key re-added and validated', async () => {
    expect(await loaded.schemaNow()).toEqual(loaded.schemaBefore);
    const storage = await storageFigures(loaded.db.url);
    expect(storage.ginIndexes.map((g) => g.table)).toContain(PASSAGES_TABLE);
    expect(storage.ginIndexes.map((g) => g.table)).toContain(CONVERSATION_TERMS_TABLE);
    expect(storage.ginIndexes.every((g) => g.bytes > 0)).toBe(true);
  });

  it('has the shape asked for, and indexes every ready conversation and no pending one', async () => {
    expect(await count('SELECT count(*) FROM conversations')).toBe(TINY.conversations);
    expect(info.counts.sources).toBe(await count('SELECT count(*) FROM sources'));
    // Five conversations a statement on two connections: the workers' counts add up.
    expect(indexing.passages).toBe(await count(`SELECT count(*) FROM ${PASSAGES_TABLE}`));
    expect(await count(`SELECT count(*) FROM conversations c WHERE status = 'ready' AND NOT EXISTS (SELECT 1 FROM ${PASSAGES_TABLE} p WHERE p.conversation_id = c.id)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM conversations c WHERE status <> 'ready' AND EXISTS (SELECT 1 FROM ${PASSAGES_TABLE} p WHERE p.conversation_id = c.id)`)).toBe(0);
    // Every conversation with passages has its words, and only those.
    expect(await count(`SELECT count(DISTINCT conversation_id) FROM ${PASSAGES_TABLE}`)).toBe(await count(`SELECT count(*) FROM ${CONVERSATION_TERMS_TABLE}`));
    // Every transcript turn became a passage with its speaker and second.
    expect(await count(`SELECT count(*) FROM ${PASSAGES_TABLE} WHERE source_type = 'transcript' AND (speaker IS NULL OR start_seconds IS NULL)`)).toBe(0);
    expect(info.transcriptWords).toBeGreaterThan(TINY.conversations * 700 * 0.9);
  });

  it('answers /search and q on the list through the real key resolver, Search and Catalog', async () => {
    const queryable = poolQueryable(pool);
    const resolver = new ApiKeyResolver(queryable);
    const principal = await resolver.resolve(info.apiKey);
    await resolver.settled();
    // A turn of a conversation the key's user sees, searched for by a phrase of it.
    const [turn] = (
      await pool.query<{ conversation_id: string; speaker: string; start_seconds: number; body: string }>(
        `SELECT p.conversation_id, p.speaker, p.start_seconds, p.body FROM ${PASSAGES_TABLE} p JOIN conversations c ON c.id = p.conversation_id
         WHERE c.workspace_id = $1 AND c.visibility = 'workspace' AND p.source_type = 'transcript' AND array_length(regexp_split_to_array(p.body, ' '), 1) > 12
         ORDER BY p.conversation_id, p.position LIMIT 1`,
        [info.workspaceId],
      )
    ).rows;
    expect(turn).toBeDefined();
    const phrase = `"${(turn?.body ?? '').split(' ').slice(2, 9).join(' ')}"`;
    const cursors = new CursorCodec('a-test-cursor-secret-of-at-least-32-chars');
    const page = await new Search(SearchBudget.unlimited(queryable), cursors).search(principal, SEARCH_PARAMS.fromQueryString({ q: phrase, speaker: turn?.speaker ?? '' }));
    const hit = page.data.find((h) => h.conversation.id === turn?.conversation_id);
    expect(hit?.matches).toEqual(expect.arrayContaining([expect.objectContaining({ speaker: turn?.speaker, start_seconds: turn?.start_seconds })]));
    const listed = await new Catalog(queryable, cursors).listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromQueryString({ q: phrase }));
    expect(listed.data.map((c) => c.id)).toContain(turn?.conversation_id);
  });
});
