import { randomBytes } from 'node:crypto';
import { type Bot, RECALL_WEBHOOK_BODY_MAX_BYTES } from '@cs/domain';
import { FakeRecallServer, sleep, type TestAppProcess } from '@cs/testing';
import { Webhook } from 'standardwebhooks';
import { useProcessingStack, type Writer } from './support/processing-stack';

// The api and processor as processes with RECORDER_PROVIDER=recall, pointed at a fake Recall.ai server that follows
// Recall's published API and webhook docs (libs/testing/src/recall/fake-recall.server.ts names the pages).
const API_KEY = 'recall-e2e-api-key';
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const stack = useProcessingStack({
  env: { RECORDER_PROVIDER: 'recall', RECALL_WEBHOOK_SECRET: WEBHOOK_SECRET },
  processorEnv: { BOT_DISPATCH_INTERVAL_MS: '100', RECALL_WORK_INTERVAL_MS: '100', RECALL_HTTP_BACKOFF_MS: '100', RECALL_WORK_LEASE_MS: '3000' },
});
const recall = new FakeRecallServer({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, stepMs: 40 });
const processorEnv = () => ({ RECALL_API_KEY: API_KEY, RECALL_BASE_URL: recall.baseUrl });
const meeting = (name: string) => `https://meet.google.com/${randomBytes(3).toString('hex')}/${name}`;

async function botSettled(writer: Writer, id: string, timeoutMs = 30_000): Promise<Bot> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const bot = await writer.client.getBot(id);
    if (bot.status === 'done' || bot.status === 'failed' || Date.now() > deadline) return bot;
    await sleep(100);
  }
}

async function until<T>(what: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

const providerBotId = async (id: string): Promise<string | null> =>
  ((await stack.db.dataSource.query(`SELECT provider_bot_id FROM bots WHERE id = $1`, [id])) as Array<{ provider_bot_id: string | null }>)[0]?.provider_bot_id ?? null;

beforeAll(async () => {
  await recall.start();
  recall.webhookUrl = `${stack.apiUrl}/api/v1/recorder/recall/events`;
});
afterAll(() => recall.close());

describe('Recall.ai recorder (api, processor and a fake Recall server)', () => {
  let processor: TestAppProcess;
  beforeAll(async () => {
    processor = await stack.startProcessor(processorEnv());
  });

  it('records a meeting: one Recall bot per Idempotency-Key, its status webhooks, the transcript fetched and processed to ready', async () => {
    const writer = await stack.writer();
    const url = meeting('weekly-sync');
    const key = `idem-${randomBytes(4).toString('hex')}`;
    const bot = await writer.client.createBot({ meeting_url: url, title: 'Weekly sync' }, { idempotencyKey: key });
    const again = await writer.client.createBot({ meeting_url: url, title: 'Weekly sync' }, { idempotencyKey: key });
    expect(again.id).toBe(bot.id);

    expect((await botSettled(writer, bot.id)).status).toBe('done');
    const [created, ...more] = recall.botsFor(url);
    expect(more).toEqual([]);
    expect(created!.metadata).toEqual({ cs_bot_id: bot.id });
    expect(recall.requestsTo('POST', '/api/v1/bot/').filter((r) => r.idempotencyKey === bot.id).map((r) => r.status)).toEqual([201]);
    expect(await providerBotId(bot.id)).toBe(created!.id);

    const done = await stack.settled(writer.client, bot.conversation_id);
    expect(done.status).toBe('ready');
    expect(done.sources).toHaveLength(1);
    const source = done.sources[0]!;
    expect(source).toMatchObject({ type: 'transcript', meeting_url: url, language: 'eng', attendees: ['ada@example.com', 'grace@example.com'] });
    expect(source.duration_seconds).toEqual(expect.any(Number));
    expect(source.participants.map((p) => p.name).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    expect((await stack.outbox(bot.conversation_id)).filter((row) => row.type === 'conversation.ready')).toHaveLength(1);
  });

  it.each([
    ['waiting-room-timeout', 'not_admitted'],
    ['kicked-from-waiting-room', 'not_admitted'],
    ['sign-in-required', 'verification_required'],
    ['zoom-registration', 'verification_required'],
    ['captcha', 'captcha_required'],
  ])('maps the Recall sub-code of %s onto termination_reason %s', async (script, reason) => {
    const writer = await stack.writer();
    const bot = await writer.client.createBot({ meeting_url: meeting(script) });
    expect(await botSettled(writer, bot.id)).toMatchObject({ status: 'failed' });
    expect(await writer.client.getConversation(bot.conversation_id)).toMatchObject({ status: 'error', termination_reason: reason, sources: [] });
    const failed = (await stack.outbox(bot.conversation_id)).filter((row) => row.type === 'conversation.failed');
    expect(failed.map((row) => row.payload)).toEqual([expect.objectContaining({ data: expect.objectContaining({ error_reason: 'recording_failed' }) })]);
  });

  it('leaves termination_reason null for a sub-code it does not know, with error_reason recording_failed', async () => {
    const writer = await stack.writer();
    const bot = await writer.client.createBot({ meeting_url: meeting('unknown-sub-code') });
    expect(await botSettled(writer, bot.id)).toMatchObject({ status: 'failed' });
    expect(await writer.client.getConversation(bot.conversation_id)).toMatchObject({ status: 'error', termination_reason: null });
    const failed = (await stack.outbox(bot.conversation_id)).filter((row) => row.type === 'conversation.failed');
    expect(failed.map((row) => row.payload)).toEqual([expect.objectContaining({ data: expect.objectContaining({ error_reason: 'recording_failed' }) })]);
    const [{ failure_reason }] = await stack.db.dataSource.query(`SELECT failure_reason FROM bots WHERE id = $1`, [bot.id]);
    expect(failure_reason).toBe('zoom_some_future_problem_2027');
  });

  it('fails a bot whose creation Recall refuses for good, without retrying it', async () => {
    const writer = await stack.writer();
    const bot = await writer.client.createBot({ meeting_url: meeting('unsupported') });
    expect(await botSettled(writer, bot.id)).toMatchObject({ status: 'failed' });
    expect(await writer.client.getConversation(bot.conversation_id)).toMatchObject({ status: 'error', termination_reason: null });
    const [{ failure_reason }] = await stack.db.dataSource.query(`SELECT failure_reason FROM bots WHERE id = $1`, [bot.id]);
    expect(failure_reason).toBe('bot_create_refused_400');
    expect(recall.requestsTo('POST', '/api/v1/bot/').filter((r) => r.idempotencyKey === bot.id).map((r) => r.status)).toEqual([400]);
  });

  it('changes nothing on duplicate (redelivered) and late events: one transcript fetch, one source, one ready event', async () => {
    const writer = await stack.writer();
    const url = meeting('duplicate-and-late');
    const bot = await writer.client.createBot({ meeting_url: url });
    expect((await botSettled(writer, bot.id)).status).toBe('done');
    const recallBot = recall.botsFor(url)[0]!;
    // Every status twice, then late ones: wait until the fake has delivered them all.
    await until(() => recall.deliveries.filter((d) => d.botId === recallBot.id).length, (n) => n >= 2 * 7 + 3);
    await sleep(500);
    expect(recall.deliveries.filter((d) => d.botId === recallBot.id).every((d) => d.status === 200)).toBe(true);
    const done = await stack.settled(writer.client, bot.conversation_id);
    expect(done).toMatchObject({ status: 'ready' });
    expect(done.sources).toHaveLength(1);
    expect((await writer.client.getBot(bot.id)).status).toBe('done');
    expect(recall.requestsTo('GET', `/media/transcripts/${recallBot.id}`)).toHaveLength(1);
    expect((await stack.outbox(bot.conversation_id)).filter((row) => row.type === 'conversation.ready')).toHaveLength(1);
    const rows = await stack.db.dataSource.query(`SELECT outcome FROM recorder_work WHERE provider_bot_id = $1 AND done_at IS NOT NULL`, [recallBot.id]);
    // A redelivery is one row (same message id); the late ones are rows that were ignored.
    expect(rows).toHaveLength(7 + 3);
  });

  it('accepts webhooks signed with the legacy svix-* headers', async () => {
    const writer = await stack.writer();
    const bot = await writer.client.createBot({ meeting_url: meeting('legacy-headers') });
    expect((await botSettled(writer, bot.id)).status).toBe('done');
  });

  it('rides out a 429 storm on bot creation, honouring Retry-After, and creates one Recall bot', async () => {
    const writer = await stack.writer();
    const url = meeting('rate-limited');
    const bot = await writer.client.createBot({ meeting_url: url });
    expect((await botSettled(writer, bot.id)).status).toBe('done');
    const creates = recall.requestsTo('POST', '/api/v1/bot/').filter((r) => r.idempotencyKey === bot.id);
    expect(creates.map((r) => r.status)).toEqual([429, 429, 429, 201]);
    expect(recall.botsFor(url)).toHaveLength(1);
  });

  it('creates one Recall bot when the answer to its creation is lost and the request is retried (same Idempotency-Key)', async () => {
    const writer = await stack.writer();
    const url = meeting('lost-answer');
    const bot = await writer.client.createBot({ meeting_url: url });
    expect((await botSettled(writer, bot.id)).status).toBe('done');
    expect(recall.requestsTo('POST', '/api/v1/bot/').filter((r) => r.idempotencyKey === bot.id).map((r) => r.status)).toEqual([0, 201]);
    expect(recall.botsFor(url)).toHaveLength(1);
  });

  it('cancels a bot that has not joined: the Recall bot is deleted, the conversation ends in error (cancelled); a joined bot is a 409', async () => {
    const writer = await stack.writer();
    const url = meeting('later');
    const joinAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const bot = await writer.client.createBot({ meeting_url: url, join_at: joinAt });
    // Recall schedules bots itself: it is created there at once, with join_at.
    const [scheduled] = await until(() => recall.botsFor(url), (bots) => bots.length === 1);
    expect(scheduled!.joinAt).toBe(joinAt);
    await until(() => providerBotId(bot.id), (id) => id !== null);

    const cancelled = await writer.client.request<Bot>('DELETE', '/api/v1/bots/{id}', { pathParams: { id: bot.id } });
    expect([cancelled.status, cancelled.body]).toEqual([200, expect.objectContaining({ id: bot.id, status: 'failed' })]);
    expect(await writer.client.getConversation(bot.conversation_id)).toMatchObject({ status: 'error', termination_reason: null });
    const [{ error_reason }] = await stack.db.dataSource.query(`SELECT error_reason FROM conversations WHERE id = $1`, [bot.conversation_id]);
    expect(error_reason).toBe('cancelled');
    const failed = (await stack.outbox(bot.conversation_id)).filter((row) => row.type === 'conversation.failed');
    expect(failed.map((row) => row.payload)).toEqual([expect.objectContaining({ data: expect.objectContaining({ error_reason: 'cancelled' }) })]);
    await until(() => scheduled!.deleted, (deleted) => deleted);
    expect(recall.requestsTo('DELETE', `/api/v1/bot/${scheduled!.id}/`).map((r) => r.status)).toEqual([204]);

    const twice = await writer.client.request<Bot>('DELETE', '/api/v1/bots/{id}', { pathParams: { id: bot.id } });
    expect([twice.status, twice.body.status]).toEqual([200, 'failed']);

    const joined = await writer.client.createBot({ meeting_url: meeting('weekly') });
    await botSettled(writer, joined.id);
    const refused = await writer.client.request<{ type: string }>('DELETE', '/api/v1/bots/{id}', { pathParams: { id: joined.id } });
    expect([refused.status, refused.body.type]).toEqual([409, expect.stringContaining('conflict')]);
    const other = await stack.writer();
    expect((await other.client.request('DELETE', '/api/v1/bots/{id}', { pathParams: { id: bot.id } })).status).toBe(404);
  });

  it('refuses webhooks that are unsigned, stale or signed with another secret, recording nothing', async () => {
    const body = JSON.stringify({ event: 'bot.joining_call', data: { data: { code: 'joining_call', sub_code: null, updated_at: new Date().toISOString() }, bot: { id: 'forged', metadata: {} } } });
    const post = (headers: Record<string, string>) =>
      fetch(recall.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const signedWith = (secret: string, at: Date) => ({
      'webhook-id': 'msg_forged',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_forged', at, body),
    });
    expect((await post({})).status).toBe(401);
    expect((await post(signedWith(`whsec_${randomBytes(24).toString('base64')}`, new Date()))).status).toBe(401);
    expect((await post(signedWith(WEBHOOK_SECRET, new Date(Date.now() - 10 * 60_000)))).status).toBe(401);
    const good = await post(signedWith(WEBHOOK_SECRET, new Date()));
    expect([good.status, await good.json()]).toEqual([200, { outcome: 'recorded' }]);
    const [{ count }] = await stack.db.dataSource.query(`SELECT count(*)::int AS count FROM recorder_work WHERE provider_bot_id = 'forged'`);
    expect(count).toBe(1);
  });

  it('checks the signature before parsing anything, and reads at most 1 MiB (issue 31)', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(recall.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    // Not JSON and not signed: refused for its signature, never parsed.
    const unsigned = await post('{ not json');
    expect([unsigned.status, ((await unsigned.json()) as { code: string }).code]).toEqual([401, 'invalid_token']);
    // More than the bound: refused before it is read whole, signed or not.
    const big = `{"pad":"${'x'.repeat(RECALL_WEBHOOK_BODY_MAX_BYTES)}"}`;
    const tooBig = await post(big);
    expect([tooBig.status, ((await tooBig.json()) as { code: string }).code]).toEqual([413, 'payload_too_large']);
    // Signed but not JSON: the signature holds, then the body is refused as malformed.
    const at = new Date();
    const malformed = await post('{ not json', { 'webhook-id': 'msg_malformed', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(WEBHOOK_SECRET).sign('msg_malformed', at, '{ not json') });
    expect([malformed.status, ((await malformed.json()) as { code: string }).code]).toEqual([400, 'invalid_body']);
  });

  it('loses nothing when the processor is killed between Recall\'s event and our write', async () => {
    const writer = await stack.writer();
    const url = meeting('held-transcript');
    const bot = await writer.client.createBot({ meeting_url: url });
    // The processor holds the `done` row's lease, fetching the transcript, which the fake never answers; no
    // transaction of it is open meanwhile (issue 33).
    await until(() => recall.requestsTo('GET', '/media/transcripts/').filter((r) => r.status === 0).length, (n) => n > 0, 30_000);
    // A transaction held across the fetch would now have been idle for as long as the fetch has hung. The processor's
    // other work (dispatch and work polls every 100 ms here) is idle in its short transactions for milliseconds
    // between statements, which an instant's sample can catch: only an idle state older than a second counts.
    await sleep(1_500);
    const [open] = await stack.db.dataSource.query(
      `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'processor'
         AND state LIKE 'idle in transaction%' AND state_change < now() - interval '1 second'`,
    );
    expect(open.count).toBe(0);
    const recallBot = recall.botsFor(url)[0]!;
    process.kill(processor.pid!, 'SIGKILL');
    await processor.stop();
    const [pending] = await stack.db.dataSource.query(`SELECT count(*)::int AS count FROM recorder_work WHERE provider_bot_id = $1 AND done_at IS NULL`, [recallBot.id]);
    expect(pending.count).toBeGreaterThanOrEqual(1);
    expect((await writer.client.getBot(bot.id)).status).toBe('recording');
    // Recall's webhooks keep arriving while no processor runs; the api records them.
    expect(await recall.sendStatus(recallBot.id, 'recording_done')).toBe(200);

    // Taken again once the killed processor's lease (RECALL_WORK_LEASE_MS, 3 s here) has run out.
    processor = await stack.startProcessor(processorEnv());
    expect((await botSettled(writer, bot.id)).status).toBe('done');
    const done = await stack.settled(writer.client, bot.conversation_id);
    expect(done.status).toBe('ready');
    expect(done.sources).toHaveLength(1);
    expect(recall.requestsTo('GET', `/media/transcripts/${recallBot.id}`).map((r) => r.status)).toEqual([0, 200]);
  });
});
