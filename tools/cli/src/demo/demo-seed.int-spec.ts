import { isVisibleTo, secretDigest, verifyPassword } from '@cs/domain';
import { ExtractiveSummarizer, processConversation, ProcessingStore } from '@cs/processing';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import type { DataSource } from 'typeorm';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliAgainst, singleJsonObject } from '../cli.test-harness';
import type { DemoFile } from './demo-file.store';

const TRANSCRIPT_LINE = /^\[(\d{2}):(\d{2}):(\d{2})\] ([^:\n]+): (.+)$/;
const seconds = (line: string) => {
  const [, h, m, s] = TRANSCRIPT_LINE.exec(line)!;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

interface Row {
  [column: string]: unknown;
}

/**
 * What the processor does with the seed's jobs (apps/processor's worker: load at the job's generation, run the
 * pipeline with the built-in summarizer, save), done here in-process for every job of the outbox.
 */
async function processSeededJobs(dataSource: DataSource): Promise<number> {
  const store = new ProcessingStore(dataSource);
  const summarizer = new ExtractiveSummarizer();
  const jobs = (await dataSource.query(`SELECT payload FROM outbox WHERE topic = 'processing' ORDER BY id`)) as Array<{ payload: { conversationId: string; generation: number } }>;
  for (const { payload } of jobs) {
    const conversation = await store.load(payload.conversationId, payload.generation);
    if (!conversation) throw new Error(`job for ${payload.conversationId} is stale`);
    await store.saveReady(conversation.id, payload.generation, await processConversation(conversation, summarizer), null);
  }
  return jobs.length;
}

describe('seed:demo content', () => {
  let db: TestDatabase;
  let dir: string;
  let demo: DemoFile;
  let acmeId: string;
  let globexId: string;
  let seeded: Row[];
  let processed: number;
  const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params) as Promise<Row[]>;
  const idOf = async (email: string) => String((await q('SELECT id FROM users WHERE email = $1', [email]))[0]!['id']);

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'cs-demo-'));
    const run = await runCliAgainst(db.url, ['seed:demo', '--json'], { DEMO_FILE: join(dir, 'demo.json') });
    expect(run.stderr).not.toMatch(/error/);
    demo = singleJsonObject(run.stdout) as unknown as DemoFile;
    acmeId = demo.workspaces[0]!.id;
    globexId = demo.workspaces[1]!.id;
    seeded = await q(
      `SELECT c.status, c.digest, c.summary, c.processing_generation,
              (SELECT count(*)::int FROM outbox o WHERE o.topic = 'processing' AND o.payload->>'conversationId' = c.id) AS jobs,
              (SELECT count(*)::int FROM conversation_tags t WHERE t.conversation_id = c.id AND t.origin = 'ai') AS suggestions
         FROM conversations c`,
    );
    processed = await processSeededJobs(db.dataSource);
  }, 600_000);

  it('seeds what is to be processed as pending with one processing job each, and writes no summary, digest or suggestion itself', () => {
    const pending = seeded.filter((r) => r['status'] === 'pending');
    expect(pending.length).toBe(processed);
    expect(pending.length).toBeGreaterThan(seeded.length / 2);
    for (const r of seeded) expect([r['digest'], r['summary'], r['suggestions']]).toEqual([null, null, 0]);
    for (const r of pending) expect([r['jobs'], r['processing_generation']]).toEqual([1, 1]);
    for (const r of seeded.filter((s) => s['status'] !== 'pending')) expect(r['jobs']).toBe(0);
  });

  it('has at least 20 real meetings of the three corpora, processed into summaries, digests, participants and language', async () => {
    const corpus = await q(
      `SELECT c.title, c.status, c.digest, c.summary, s.title AS source_title, s.participants, s.language
         FROM conversations c JOIN sources s ON s.conversation_id = c.id WHERE s.title LIKE '%QMSum (Yale-LILY, MIT License)%'`,
    );
    expect(corpus.length).toBeGreaterThanOrEqual(20);
    expect(new Set(corpus.map((c) => String(c['title']).split(' ')[0]))).toEqual(new Set(['Product', 'Research', 'Committee']));
    for (const c of corpus) {
      expect(c['status']).toBe('ready');
      expect(String(c['digest']).length).toBeLessThanOrEqual(80);
      expect(String(c['digest'])).not.toMatch(/…$/);
      expect(String(c['summary'])).toMatch(/\n## /);
      expect((c['participants'] as string[]).length).toBeGreaterThanOrEqual(3);
      expect(c['language']).toBe('eng');
    }
  });
  afterAll(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints exactly the demo.json shape, with the public URLs and the demo OAuth client', () => {
    expect(Object.keys(demo)).toEqual(['api_url', 'auth_url', 'mcp_url', 'workspaces', 'users', 'oauth_client']);
    expect(demo).toMatchObject({ api_url: 'http://localhost:3000/api/v1', auth_url: 'http://localhost:3001', mcp_url: 'http://localhost:3002/mcp' });
    expect(demo.oauth_client).toEqual({
      client_id: expect.stringMatching(/^ext_[0-9a-z]{26}$/),
      client_secret: expect.stringMatching(/^cs_[A-Za-z0-9_-]{43}$/),
      redirect_uris: ['http://localhost:8765/callback', 'http://127.0.0.1:8765/callback'],
      scopes: ['openid', 'offline_access', 'conversations:read', 'folders:read', 'email'],
    });
    expect(demo.workspaces.map((w) => w.name)).toEqual(['Acme Product', 'Globex Research']);
    for (const user of demo.users) expect(Object.keys(user)).toEqual(['email', 'password', 'role', 'workspace_id', 'api_key']);
  });

  it('registers the demo OAuth client in the first workspace, with OAuth apps enabled there and only the secret digest stored', async () => {
    const [row] = await db.dataSource.query<{ workspace_id: string; secret_digest: string; oauth_apps_enabled: boolean }[]>(
      'SELECT c.workspace_id, c.secret_digest, w.oauth_apps_enabled FROM oauth_clients c JOIN workspaces w ON w.id = c.workspace_id WHERE c.id = $1',
      [demo.oauth_client!.client_id],
    );
    expect(row).toEqual({ workspace_id: demo.workspaces[0]!.id, secret_digest: secretDigest(demo.oauth_client!.client_secret), oauth_apps_enabled: true });
  });

  it('writes demo.json with mode 0600', () => {
    expect(statSync(join(dir, 'demo.json')).mode & 0o777).toBe(0o600);
  });

  it('has an admin and a member in Acme and an admin in Globex, each with a working password and API key', async () => {
    expect(demo.users.map((u) => [u.email, u.role, u.workspace_id])).toEqual([
      ['ada@acme.test', 'admin', acmeId],
      ['grace@acme.test', 'member', acmeId],
      ['linus@globex.test', 'admin', globexId],
    ]);
    for (const user of demo.users) {
      expect(user.password.length).toBeGreaterThanOrEqual(16);
      const [row] = await q('SELECT u.password_hash, m.role FROM users u JOIN memberships m ON m.user_id = u.id WHERE u.email = $1 AND m.workspace_id = $2', [user.email, user.workspace_id]);
      expect(row!['role']).toBe(user.role);
      expect(await verifyPassword(user.password, String(row!['password_hash']))).toBe(true);
      const keys = await q('SELECT k.revoked_at FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.secret_digest = $1 AND u.email = $2 AND k.workspace_id = $3', [secretDigest(user.api_key), user.email, user.workspace_id]);
      expect(keys).toEqual([{ revoked_at: null }]);
    }
  });

  it('has at least 60 Acme conversations with distinct created_at over the last ~90 days, owned by ada and grace', async () => {
    const [row] = await q(
      `SELECT count(*)::int AS n, count(DISTINCT created_at)::int AS distinct_times, min(created_at) AS oldest, max(created_at) AS newest,
              count(DISTINCT owner_id)::int AS owners, count(DISTINCT visibility)::int AS visibilities,
              count(*) FILTER (WHERE extract(milliseconds FROM created_at)::numeric % 1000 <> 0)::int AS with_ms
         FROM conversations WHERE workspace_id = $1`,
      [acmeId],
    );
    expect(row!['n']).toBeGreaterThanOrEqual(60);
    expect(row!['distinct_times']).toBe(row!['n']);
    expect(row!['with_ms']).toBeGreaterThan(0);
    expect(row!['owners']).toBe(2);
    expect(row!['visibilities']).toBe(2);
    expect(Date.now() - new Date(String(row!['oldest'])).getTime()).toBeLessThanOrEqual(92 * 86_400_000);
    expect(new Date(String(row!['newest'])).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('mixes statuses once processed: mostly ready, and errors with each termination_reason and one without', async () => {
    const rows = await q('SELECT status, termination_reason, error_reason, digest, summary FROM conversations WHERE workspace_id = $1', [acmeId]);
    const ready = rows.filter((r) => r['status'] === 'ready');
    const errors = rows.filter((r) => r['status'] === 'error');
    expect(ready.length).toBeGreaterThan(rows.length / 2);
    expect(ready.length + errors.length).toBe(rows.length);
    for (const e of errors) expect([e['digest'], e['summary']]).toEqual([null, null]);
    expect(new Set(errors.map((e) => e['termination_reason']))).toEqual(new Set(['not_admitted', 'verification_required', 'captcha_required', null]));
    const plainFailure = errors.find((e) => e['termination_reason'] === null)!;
    expect(plainFailure['error_reason']).toBe('transcription_failed');
  });

  it("gives every ready conversation the processor's digest (complete, at most 80 characters) and a markdown summary", async () => {
    const ready = await q("SELECT digest, summary FROM conversations WHERE status = 'ready'");
    for (const { digest, summary } of ready) {
      expect(typeof digest).toBe('string');
      // UTF-16 length: the strictest count any consumer applies (see toDigest).
      expect(String(digest).length).toBeLessThanOrEqual(80);
      expect(String(digest)).not.toMatch(/…$/);
      const text = String(summary);
      expect(text).toMatch(/^[^#\n-][^\n]+(\n\n## [^\n]+\n- \S[^\n]*(\n- \S[^\n]*)*)*$/);
    }
  });

  it('nests Acme folders at least three deep, has private folders of grace, and gives Globex folders too', async () => {
    const paths = await q(
      `WITH RECURSIVE tree AS (
         SELECT id, name::text AS path, 1 AS depth FROM folders WHERE parent_id IS NULL AND workspace_id = $1
         UNION ALL SELECT f.id, tree.path || ' > ' || f.name, tree.depth + 1 FROM folders f JOIN tree ON f.parent_id = tree.id)
       SELECT path, depth FROM tree ORDER BY depth DESC`,
      [acmeId],
    );
    expect(paths[0]).toEqual({ path: 'Customers > Enterprise > Initech > QBR 2026', depth: 4 });
    expect(paths.map((p) => p['path'])).toEqual(expect.arrayContaining(['Product > Roadmap', 'Hiring', "Grace's 1:1s"]));
    const gracePrivate = await q("SELECT name FROM folders WHERE owner_id = $1 AND visibility = 'private'", [await idOf('grace@acme.test')]);
    expect(gracePrivate.map((f) => f['name'])).toContain("Grace's 1:1s");
    expect((await q('SELECT id FROM folders WHERE workspace_id = $1', [globexId])).length).toBeGreaterThanOrEqual(3);
  });

  it('uses all four source types, with null transcript-only fields and empty arrays on non-transcript sources', async () => {
    const types = await q('SELECT DISTINCT type FROM sources WHERE workspace_id = $1 ORDER BY type', [acmeId]);
    expect(types.map((t) => t['type'])).toEqual(['document', 'file', 'text', 'transcript']);
    const malformed = await q(
      `SELECT id FROM sources WHERE type <> 'transcript'
         AND (duration_seconds IS NOT NULL OR language IS NOT NULL OR meeting_url IS NOT NULL OR cardinality(attendees) > 0 OR cardinality(participants) > 0)`,
    );
    expect(malformed).toEqual([]);
    expect(await q("SELECT title FROM sources WHERE type = 'file' AND content IS NULL")).not.toEqual([]);
    expect(await q("SELECT title FROM sources WHERE type = 'file' AND title = 'Q3 board deck.pdf' AND content IS NOT NULL")).not.toEqual([]);
  });

  it('numbers sources 0.. within each conversation', async () => {
    const gaps = await q(
      'SELECT conversation_id FROM sources GROUP BY conversation_id HAVING min(position) <> 0 OR max(position) <> count(*) - 1 OR count(DISTINCT position) <> count(*)',
    );
    expect(gaps).toEqual([]);
  });

  it('renders transcripts in the [HH:MM:SS] Speaker: text format, with participants in order of first appearance', async () => {
    const transcripts = await q("SELECT content, participants, language, meeting_url, attendees, duration_seconds FROM sources WHERE type = 'transcript' AND content IS NOT NULL");
    expect(new Set(transcripts.map((t) => t['language']))).toEqual(new Set(['eng', 'deu', 'fra']));
    for (const t of transcripts) {
      const lines = String(t['content']).split('\n');
      for (const line of lines) expect(line).toMatch(TRANSCRIPT_LINE);
      expect(t['participants']).toEqual([...new Set(lines.map((l) => TRANSCRIPT_LINE.exec(l)![4]))]);
      expect(seconds(lines[lines.length - 1]!)).toBeLessThanOrEqual(Number(t['duration_seconds']));
    }
    const uploaded = transcripts.filter((t) => t['meeting_url'] === null);
    const recorded = transcripts.filter((t) => t['meeting_url'] !== null);
    expect(uploaded.length).toBeGreaterThan(0);
    for (const t of uploaded) expect(t['attendees']).toEqual([]);
    for (const t of recorded) expect((t['attendees'] as string[]).every((a) => /^[^@\s]+@[^@\s]+$/.test(a))).toBe(true);
    expect(transcripts.some((t) => (t['participants'] as string[]).some((p) => /^Speaker \d+$/.test(p)))).toBe(true);
  });

  it('includes a two-hour planning transcript of 1,500+ segments spanning 0..7200 seconds with named and unnamed speakers', async () => {
    const [big] = await q("SELECT content, participants FROM sources WHERE duration_seconds = 7200 AND type = 'transcript'");
    const lines = String(big!['content']).split('\n');
    // One line per speaker turn: consecutive segments of one speaker are rendered together.
    expect(lines.length).toBeGreaterThanOrEqual(1000);
    for (const line of lines) expect(line).toMatch(TRANSCRIPT_LINE);
    const starts = lines.map(seconds);
    expect(starts[0]).toBeLessThan(10);
    expect(starts[starts.length - 1]).toBeGreaterThan(7000);
    expect(starts[starts.length - 1]).toBeLessThan(7200);
    expect(starts.every((s, i) => i === 0 || s >= starts[i - 1]!)).toBe(true);
    const participants = big!['participants'] as string[];
    expect(participants.filter((p) => /^Speaker \d+$/.test(p)).length).toBeGreaterThanOrEqual(2);
    expect(participants.filter((p) => !/^Speaker \d+$/.test(p)).length).toBeGreaterThanOrEqual(3);
  });

  it('has 8+ Acme tags with and without colour, applied by people, and suggestions by processing only', async () => {
    const tags = await q(
      `SELECT t.name, t.color, t.description,
              count(ct.*) FILTER (WHERE ct.accepted)::int AS applied,
              count(ct.*) FILTER (WHERE ct.origin = 'ai' AND NOT ct.accepted)::int AS suggested,
              count(ct.*) FILTER (WHERE ct.origin = 'ai' AND ct.accepted)::int AS accepted_ai
         FROM tags t LEFT JOIN conversation_tags ct ON ct.tag_id = t.id WHERE t.workspace_id = $1 GROUP BY t.id`,
      [acmeId],
    );
    expect(tags.length).toBeGreaterThanOrEqual(8);
    expect(tags.filter((t) => t['color'] === null).length).toBeGreaterThan(0);
    expect(tags.filter((t) => t['color'] !== null).every((t) => /^#[0-9a-f]{6}$/.test(String(t['color'])))).toBe(true);
    expect(tags.filter((t) => t['color'] !== null).length).toBeGreaterThan(0);
    expect(tags.filter((t) => t['description'] !== null).length).toBeGreaterThan(0);
    expect(tags.reduce((sum, t) => sum + Number(t['applied']), 0)).toBeGreaterThanOrEqual(40);
    expect(tags.reduce((sum, t) => sum + Number(t['suggested']), 0)).toBeGreaterThan(0);
    expect(tags.reduce((sum, t) => sum + Number(t['accepted_ai']), 0)).toBe(0);
  });

  it('gives Globex a few tags, about ten conversations of its own and the research-group meetings', async () => {
    expect((await q('SELECT id FROM tags WHERE workspace_id = $1', [globexId])).length).toBeGreaterThanOrEqual(3);
    const [row] = await q("SELECT count(*)::int AS n, count(*) FILTER (WHERE title LIKE 'Research group meeting %')::int AS corpus FROM conversations WHERE workspace_id = $1", [globexId]);
    expect(row!['corpus']).toBeGreaterThanOrEqual(5);
    expect(Number(row!['n']) - Number(row!['corpus'])).toBeGreaterThanOrEqual(8);
    expect(Number(row!['n']) - Number(row!['corpus'])).toBeLessThanOrEqual(15);
  });

  it('gives ada and grace private conversations that the other cannot see', async () => {
    const ada = await idOf('ada@acme.test');
    const grace = await idOf('grace@acme.test');
    for (const [owner, other] of [
      [ada, grace],
      [grace, ada],
    ] as const) {
      const own = await q("SELECT owner_id, visibility FROM conversations WHERE owner_id = $1 AND visibility = 'private'", [owner]);
      expect(own.length).toBeGreaterThan(0);
      for (const c of own) expect(isVisibleTo(other, { ownerId: String(c['owner_id']), visibility: 'private' })).toBe(false);
    }
  });
});
