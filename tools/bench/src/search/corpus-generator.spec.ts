import { loadMeetings, timedTurns } from '@cs/meeting-corpus';
import { seededRandom } from '@cs/testing';
import {
  digestOf,
  FULL_CORPUS,
  generateCorpusBigTables,
  generateSmallCorpusTables,
  prepareMeetings,
  QUICK_CORPUS,
  replicaSegments,
} from './corpus-generator';
import { drawQueries, listPath, QUERIES_PER_CLASS, QUERY_CLASSES, searchPath } from './queries';

const meetings = prepareMeetings([...loadMeetings('train'), ...loadMeetings('val')], timedTurns);

describe('search corpus generator', () => {
  it('replicates the 197 meetings to at least 20,000 conversations and about 160 million words', () => {
    expect(meetings).toHaveLength(197);
    const words = meetings.reduce((sum, m) => sum + m.words, 0);
    const replicas = FULL_CORPUS.conversations / meetings.length;
    expect(Number.isInteger(replicas)).toBe(true);
    expect(FULL_CORPUS.conversations).toBeGreaterThanOrEqual(20_000);
    // 1% are left pending (no content): the ready ones still hold about 160 million words.
    expect(words * replicas * 0.99).toBeGreaterThan(155e6);
    expect(words * replicas * 0.99).toBeLessThan(165e6);
  });

  it('keeps replica 0 in the meeting order and shuffles the others in blocks, with times re-laid in the new order', () => {
    const turns = meetings[0]?.turns ?? [];
    const original = replicaSegments(turns, 0, seededRandom(1));
    expect(original.map((s) => s.text)).toEqual(turns.map((t) => t.text));
    const a = replicaSegments(turns, 1, seededRandom(1));
    const b = replicaSegments(turns, 2, seededRandom(2));
    expect(a.map((s) => s.text)).not.toEqual(original.map((s) => s.text));
    expect(a.map((s) => s.text)).not.toEqual(b.map((s) => s.text));
    // Same turns, another order; times increase with the new order.
    expect([...a.map((s) => s.text)].sort()).toEqual([...original.map((s) => s.text)].sort());
    for (let i = 1; i < a.length; i++) expect((a[i]?.start_seconds ?? 0) >= (a[i - 1]?.end_seconds ?? 0)).toBe(true);
  });

  it('makes digests of at most 80 characters', () => {
    for (const m of meetings) expect(m.digest.length).toBeLessThanOrEqual(80);
    expect(digestOf('Short one. And more.')).toBe('Short one.');
  });

  it('streams rendered transcripts whose every line is one "[HH:MM:SS] Speaker: text" turn, with agendas, notes and tags', async () => {
    const shape = { ...QUICK_CORPUS, conversations: 60 };
    const rng = seededRandom(7);
    const small = generateSmallCorpusTables(shape, rng);
    expect(small.lines.folders).toHaveLength(shape.workspaces * shape.foldersPerWorkspace);
    expect(small.folders.filter((f) => f.parentId === null)).toHaveLength(shape.foldersPerWorkspace / 5);
    const rows: Record<string, string[]> = { conversations: [], sources: [], conversation_tags: [] };
    const generated = await generateCorpusBigTables(shape, small, meetings, rng, (table, line) => void rows[table]?.push(line));
    expect(rows['conversations']).toHaveLength(60);
    expect(generated.counts.sources).toBe(rows['sources']?.length);
    const columns = (line: string) => line.slice(0, -1).split('\t');
    const transcripts = (rows['sources'] ?? []).map(columns).filter((c) => c[3] === 'transcript' && c[12] !== '\\N');
    expect(transcripts.length).toBeGreaterThan(50);
    for (const source of transcripts) {
      // COPY text format: a newline inside the content is written \n.
      const lines = (source[12] as string).split('\\n');
      for (const line of lines) expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\] [^:]+: \S/);
    }
    expect(new Set((rows['sources'] ?? []).map((l) => columns(l)[3]))).toEqual(new Set(['transcript', 'document', 'text']));
    expect(generated.transcriptWords).toBeGreaterThan(60 * 700 * 0.9);
    expect(Date.parse(generated.lastCreatedAt)).toBeGreaterThan(Date.parse(generated.firstCreatedAt));
  });
});

describe('search benchmark queries', () => {
  const small = generateSmallCorpusTables(QUICK_CORPUS, seededRandom(3));
  const context = {
    meetings,
    folders: small.folders,
    tags: small.tags,
    memberNames: small.workspaces[0]?.members.map((m) => m.name) ?? [],
    firstCreatedAt: '2024-10-01T00:00:00.000Z',
    lastCreatedAt: '2026-10-01T00:00:00.000Z',
  };
  const queries = drawQueries(context, seededRandom(11));

  it('draws 280 distinct queries, 40 per class, the same ones for the same seed', () => {
    expect(queries).toHaveLength(QUERY_CLASSES.length * QUERIES_PER_CLASS);
    expect(QUERY_CLASSES).toHaveLength(7);
    for (const c of QUERY_CLASSES) expect(queries.filter((q) => q.class === c)).toHaveLength(QUERIES_PER_CLASS);
    expect(drawQueries(context, seededRandom(11))).toEqual(queries);
    expect(drawQueries(context, seededRandom(12))).not.toEqual(queries);
  });

  it('gives each class its form: phrases quoted, two words, eight filters of each kind', () => {
    for (const q of queries.filter((x) => x.class === 'phrase')) expect(q.q).toMatch(/^"[a-z]+( [a-z]+){1,2}"$/);
    for (const q of queries.filter((x) => x.class === 'two-words')) expect(q.q).toMatch(/^[a-z]+ [a-z]+$/);
    for (const q of queries.filter((x) => x.class === 'rare' || x.class === 'common')) expect(q.q).toMatch(/^[a-z]+$/);
    for (const q of queries.filter((x) => x.class === 'questions')) expect(q.q).toMatch(/^[A-Z]/);
    for (const q of queries.filter((x) => x.class === 'keywords')) expect(q.q).toMatch(/^[a-z0-9' ]+$/);
    const filtered = queries.filter((x) => x.class === 'filtered');
    for (const name of ['folder_id', 'tag_id', 'speaker', 'created_after', 'source_type']) {
      expect(filtered.filter((q) => Object.keys(q.filters).includes(name))).toHaveLength(8);
    }
  });

  it('puts every filter on /search and only the list\'s own on the conversation list', () => {
    const speaker = queries.find((q) => q.filters.speaker !== undefined);
    const folder = queries.find((q) => q.filters.folder_id !== undefined);
    expect(speaker && searchPath(speaker)).toContain(`speaker=${encodeURIComponent(speaker?.filters.speaker ?? '')}`);
    expect(speaker && listPath(speaker)).not.toContain('speaker=');
    expect(folder && listPath(folder)).toContain(`folder_id=${folder?.filters.folder_id}`);
    expect(searchPath({ class: 'phrase', q: '"remote control"', filters: {} })).toBe('/api/v1/search?q=%22remote%20control%22&limit=10');
  });
});
