import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { ExportLine } from '@cs/catalog';
import { loadMeetings, timedTurns } from '@cs/meeting-corpus';
import { seededRandom } from '@cs/testing';
import { type Actor, useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment({ env: { RATE_LIMIT_EXPORTS_PER_MINUTE: '12' } });

type ConversationLine = Extract<ExportLine, { type: 'conversation' }>;

/** The raw answer of GET /export over node:http: status, headers and body bytes, read to the end. */
function getRaw(actor: Actor, query: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${env.baseUrl}/api/v1/export${query}`, { headers: { authorization: `Bearer ${actor.key}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads `count` lines of an export, then drops the connection, as a network cut would. */
function readThenCut(actor: Actor, count: number): Promise<ExportLine[]> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${env.baseUrl}/api/v1/export`, { headers: { authorization: `Bearer ${actor.key}` } }, (res) => {
      let pending = '';
      const lines: ExportLine[] = [];
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        pending += text;
        const parts = pending.split('\n');
        pending = parts.pop() ?? '';
        for (const part of parts) if (lines.length < count) lines.push(JSON.parse(part) as ExportLine);
        if (lines.length >= count) {
          req.destroy();
          resolve(lines);
        }
      });
      res.on('end', () => resolve(lines));
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

/** Polls until `done` holds, at most about 5 s: waits for a state, never times an answer. */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the awaited state never came');
}

const linesOf = (text: string): ExportLine[] => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as ExportLine);
const conversationLines = (lines: ExportLine[]) => lines.filter((l): l is ConversationLine => l.type === 'conversation');

/** A real meeting (QMSum training split, libs/meeting-corpus) as a transcript source. */
function meetingSource(index: number) {
  const meeting = loadMeetings('train')[index]!;
  return { type: 'transcript' as const, segments: timedTurns(meeting).map(({ speaker, start_seconds, end_seconds, text }) => ({ speaker, start_seconds, end_seconds, text })) };
}

describe('GET /api/v1/export', () => {
  it('streams every visible conversation as NDJSON, each as the retrieve response with its segments, then the end line', async () => {
    const { admin, member } = await env.world();
    const shared = await member.client.createConversation({ title: 'Shared', visibility: 'workspace', sources: [meetingSource(0), { type: 'text', content: 'Notes.' }] });
    const own = await member.client.createConversation({ title: 'Private', visibility: 'private', sources: [meetingSource(1)] });
    const adminsPrivate = await admin.client.createConversation({ title: 'Admin only', visibility: 'private', sources: [{ type: 'text', content: 'Secret.' }] });

    // Through the contract validator: every line matches ExportLine.
    const response = await member.client.request<string>('GET', '/api/v1/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('ratelimit-policy')).toBe('"exports";q=12;w=60');
    const lines = linesOf(response.body);
    expect(conversationLines(lines).map((l) => l.conversation.id)).toEqual([shared.id, own.id]);
    expect(lines[lines.length - 1]).toEqual({ type: 'end', exported: 2 });
    for (const line of conversationLines(lines)) {
      const { sources, ...rest } = line.conversation;
      expect({ ...rest, sources: sources.map(({ segments: _s, ...source }) => source) }).toEqual(await member.client.getConversation(line.conversation.id));
      for (const source of sources) {
        const expected = source.type === 'transcript' ? (await member.client.listSegments(line.conversation.id, source.id, { limit: 1000 })).data : null;
        expect(source.segments).toEqual(expected);
      }
    }
    expect(conversationLines(linesOf((await admin.client.request<string>('GET', '/api/v1/export')).body)).map((l) => l.conversation.id)).toEqual([
      shared.id,
      adminsPrivate.id,
    ]);
  });

  it('sends the same lines gzip-compressed when the request accepts gzip', async () => {
    const { member } = await env.world();
    await member.client.createConversation({ sources: [meetingSource(2)] });
    const plain = await getRaw(member, '', { 'accept-encoding': 'identity' });
    const zipped = await getRaw(member, '', { 'accept-encoding': 'gzip, deflate' });
    expect([plain.headers['content-encoding'], zipped.headers['content-encoding'], zipped.headers['vary']]).toEqual([undefined, 'gzip', 'Accept-Encoding']);
    const unzipped = gunzipSync(zipped.body).toString('utf8');
    // The cursors are signed with their expiry (a second apart at most); everything else is byte for byte the same.
    const withoutCursors = (text: string) => text.replace(/"cursor":"[^"]+"/g, '"cursor":"…"');
    expect(withoutCursors(unzipped)).toBe(withoutCursors(plain.body.toString('utf8')));
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('resumes after a cut at a random line with exactly the rest: nothing repeated, nothing missed', async () => {
    const { member } = await env.world();
    const created: string[] = [];
    for (let i = 0; i < 12; i++) created.push((await member.client.createConversation({ title: `Meeting ${i}`, sources: [{ type: 'text', content: `Notes ${i}.` }] })).id);
    const rng = seededRandom(36);
    for (let round = 0; round < 3; round++) {
      const cut = 1 + Math.floor(rng() * (created.length - 1));
      const before = conversationLines(await readThenCut(member, cut));
      expect(before).toHaveLength(cut);
      const after = await member.client.request<string>('GET', '/api/v1/export', { query: { cursor: before[before.length - 1]!.cursor } });
      const ids = [...before, ...conversationLines(linesOf(after.body))].map((l) => l.conversation.id);
      expect(ids).toEqual(created);
    }
    // The client resumes by itself.
    const all: string[] = [];
    for await (const line of member.client.exportConversations()) all.push(line.conversation.id);
    expect(all).toEqual(created);
  });

  it('applies the list\'s filters; bad input is the documented 400 or 404, never a 500', async () => {
    const { admin, member } = await env.world();
    const folder = await member.client.createFolder({ name: 'Customers' });
    const filed = await member.client.createConversation({ folder_id: folder.id, sources: [{ type: 'text', content: 'Filed.' }] });
    await member.client.createConversation({ sources: [{ type: 'text', content: 'Loose.' }] });
    const inFolder = await member.client.request<string>('GET', '/api/v1/export', { query: { folder_id: folder.id } });
    expect(conversationLines(linesOf(inFolder.body)).map((l) => l.conversation.id)).toEqual([filed.id]);

    const refusal = async (actor: Actor, query: Record<string, string>) => {
      const answer = await actor.client.request<{ code: string; invalid_params?: { name: string }[] }>('GET', '/api/v1/export', { query });
      return [answer.status, answer.body.code, answer.body.invalid_params?.map((p) => p.name) ?? []];
    };
    expect(await refusal(member, { status: 'finished' })).toEqual([400, 'invalid_parameter', ['status']]);
    expect(await refusal(member, { limit: '10' })).toEqual([400, 'invalid_parameter', ['limit']]);
    expect(await refusal(member, { created_after: 'yesterday' })).toEqual([400, 'invalid_parameter', ['created_after']]);
    expect(await refusal(member, { cursor: 'forged.cursor' })).toEqual([400, 'invalid_cursor', ['cursor']]);
    const page = await member.client.listConversations({ limit: 1 });
    expect(await refusal(member, { cursor: page.next_cursor! })).toEqual([400, 'invalid_cursor', ['cursor']]);
    const first = conversationLines(linesOf((await member.client.request<string>('GET', '/api/v1/export')).body))[0]!;
    expect(await refusal(admin, { cursor: first.cursor })).toEqual([400, 'invalid_cursor', ['cursor']]);
    expect(await refusal(member, { cursor: first.cursor, status: 'pending' })).toEqual([400, 'invalid_cursor', ['cursor']]);
    const privateFolder = await admin.client.createFolder({ name: 'Mine', visibility: 'private' });
    expect(await refusal(member, { folder_id: privateFolder.id })).toEqual([404, 'not_found', []]);
  });

  it('streams at most EXPORT_MAX_CONCURRENT (2) exports at once, refusing more with 429 until one ends', async () => {
    const { member } = await env.world();
    await member.client.createConversation({ sources: [{ type: 'text', content: 'Notes.' }] });
    // Two exports kept waiting on a lock of the sources, as on a busy database: both hold their slot meanwhile.
    const locker = env.db.dataSource.createQueryRunner();
    await locker.startTransaction();
    await locker.query('LOCK TABLE sources IN ACCESS EXCLUSIVE MODE');
    const held = [member.client.request<string>('GET', '/api/v1/export'), member.client.request<string>('GET', '/api/v1/export')];
    try {
      await waitFor(async () => {
        const [row] = await env.db.dataSource.query<{ n: number }[]>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return row!.n === 2;
      });
      const refused = await member.client.request<{ code: string }>('GET', '/api/v1/export');
      expect([refused.status, refused.body.code, refused.headers.get('retry-after')]).toEqual([429, 'rate_limited', '10']);
    } finally {
      await locker.commitTransaction();
      await locker.release();
    }
    for (const answer of await Promise.all(held)) expect([answer.status, linesOf(answer.body).pop()]).toEqual([200, { type: 'end', exported: 1 }]);
    // Ended, they gave their slots back (the server sees the close a moment after the client has the last byte).
    await waitFor(async () => (await member.client.request('GET', '/api/v1/export')).status === 200);
  });

  it('answers HEAD with the headers alone, without reading the conversations', async () => {
    const { member } = await env.world();
    await member.client.createConversation({ sources: [{ type: 'text', content: 'Notes.' }] });
    // Reading would wait on this lock: a HEAD that answers did not read.
    const locker = env.db.dataSource.createQueryRunner();
    await locker.startTransaction();
    await locker.query('LOCK TABLE sources IN ACCESS EXCLUSIVE MODE');
    try {
      const head = await member.client.request('HEAD', '/api/v1/export');
      expect([head.status, head.headers.get('content-type'), head.body]).toEqual([200, 'application/x-ndjson; charset=utf-8', '']);
    } finally {
      await locker.commitTransaction();
      await locker.release();
    }
  });

  it('counts exports against their own quota, not the reads\'', async () => {
    const { member } = await env.world();
    for (let i = 0; i < 12; i++) expect((await member.client.request('GET', '/api/v1/export')).status).toBe(200);
    const refused = await member.client.request<{ code: string }>('GET', '/api/v1/export');
    expect([refused.status, refused.body.code, refused.headers.get('ratelimit-policy')]).toEqual([429, 'rate_limited', '"exports";q=12;w=60']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const read = await member.client.request('GET', '/api/v1/conversations');
    expect([read.status, read.headers.get('ratelimit')]).toEqual([200, expect.stringMatching(/^"reads";r=\d+;t=\d+$/)]);
  });
});
