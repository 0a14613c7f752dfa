import { signedHeaders } from '@cs/events';
import { useProcessingStack, type Writer } from './support/processing-stack';
import { sleep } from '@cs/testing';

const SECRET = 'processor-e2e-recorder-secret-0123456789abcdefghij';
const stack = useProcessingStack({ env: { RECORDER_CALLBACK_SECRET: SECRET }, processorEnv: { DEV_RECORDER_STEP_MS: '50', BOT_DISPATCH_INTERVAL_MS: '100' } });

async function botSettled(writer: Writer, id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const bot = await writer.client.getBot(id);
    if (bot.status === 'done' || bot.status === 'failed' || Date.now() > deadline) return bot;
    await sleep(100);
  }
}

describe('recorder bots (api, processor and the development recorder as processes)', () => {
  beforeAll(async () => {
    await stack.startProcessor({ RECORDER_CALLBACK_URL: `${stack.apiUrl}/api/v1/recorder/events` });
  });

  it('records a meeting: bot → pending conversation → transcript → processing → ready with a conversation.ready event', async () => {
    const writer = await stack.writer();
    const bot = await writer.client.createBot({ meeting_url: 'https://meet.example.test/weekly-sync', title: 'Weekly sync' });
    expect(bot).toMatchObject({ status: 'scheduled', meeting_url: 'https://meet.example.test/weekly-sync' });
    const pending = await writer.client.getConversation(bot.conversation_id);
    expect(pending).toMatchObject({ title: 'Weekly sync', status: 'pending', sources: [] });

    expect((await botSettled(writer, bot.id)).status).toBe('done');
    const done = await stack.settled(writer.client, bot.conversation_id);
    expect(done.status).toBe('ready');
    expect(done.sources).toHaveLength(1);
    expect(done.sources[0]).toMatchObject({ type: 'transcript', meeting_url: 'https://meet.example.test/weekly-sync', language: 'eng' });
    expect(done.sources[0]!.participants.map((p) => p.name)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 3']);
    expect(done.digest).toBeTruthy();
    const ready = (await stack.outbox(bot.conversation_id)).filter((row) => row.type === 'conversation.ready');
    expect(ready).toHaveLength(1);
  });

  it.each([
    ['not_admitted', 'not-admitted'],
    ['verification_required', 'verification-required'],
    ['captcha_required', 'captcha-required'],
  ])('ends the conversation in error with termination_reason %s when the recorder reports it', async (reason, path) => {
    const writer = await stack.writer();
    const bot = await writer.client.createBot({ meeting_url: `https://meet.example.test/room/${path}` });
    expect(await botSettled(writer, bot.id)).toMatchObject({ status: 'failed' });
    const conversation = await writer.client.getConversation(bot.conversation_id);
    expect(conversation).toMatchObject({ status: 'error', termination_reason: reason, sources: [] });
    const failed = (await stack.outbox(bot.conversation_id)).find((row) => row.type === 'conversation.failed');
    expect(failed?.payload).toMatchObject({ data: { id: bot.conversation_id, status: 'error', error_reason: 'recording_failed' } });
  });

  it('leaves termination_reason null for any other recorder failure', async () => {
    const writer = await stack.writer();
    const bot = await writer.client.createBot({ meeting_url: 'https://meet.example.test/room/crash' });
    expect((await botSettled(writer, bot.id)).status).toBe('failed');
    expect(await writer.client.getConversation(bot.conversation_id)).toMatchObject({ status: 'error', termination_reason: null });
  });

  it('waits for join_at before the bot is handed to the recorder', async () => {
    const writer = await stack.writer();
    const joinAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const bot = await writer.client.createBot({ meeting_url: 'https://meet.example.test/later', join_at: joinAt });
    await sleep(1_000);
    expect(await writer.client.getBot(bot.id)).toMatchObject({ status: 'scheduled', join_at: joinAt });
  });

  it('refuses an invalid meeting URL and a folder of another workspace, creating nothing', async () => {
    const writer = await stack.writer();
    const other = await stack.writer();
    const foreign = await stack.fixtures.folder(other);
    for (const [body, status, param] of [
      [{ meeting_url: 'http://meet.example.test/plain-http' }, 400, 'meeting_url'],
      [{ meeting_url: 'not a url' }, 400, 'meeting_url'],
      [{ meeting_url: 'https://user:pass@meet.example.test/x' }, 400, 'meeting_url'],
      [{ meeting_url: 'https://meet.example.test/x', folder_id: foreign.id }, 404, 'folder_id'],
    ] as const) {
      const answer = await writer.client.request<{ invalid_params: Array<{ name: string }> }>('POST', '/api/v1/bots', { json: body });
      expect({ body, status: answer.status, param: answer.body.invalid_params?.[0]?.name }).toEqual({ body, status, param });
    }
    const [{ bots }] = await stack.db.dataSource.query(`SELECT count(*)::int AS bots FROM bots WHERE owner_id = $1`, [writer.user.id]);
    const [{ conversations }] = await stack.db.dataSource.query(`SELECT count(*)::int AS conversations FROM conversations WHERE owner_id = $1`, [writer.user.id]);
    expect([bots, conversations]).toEqual([0, 0]);
  });

  it('accepts recorder reports only with a valid signature, and only forward', async () => {
    const writer = await stack.writer();
    const bot = await writer.client.createBot({ meeting_url: 'https://meet.example.test/later', join_at: new Date(Date.now() + 3_600_000).toISOString() });
    const send = (event: object, secret = SECRET, headers?: Record<string, string>) => {
      const body = JSON.stringify(event);
      return fetch(`${stack.apiUrl}/api/v1/recorder/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(headers ?? signedHeaders([secret], `msg_${Date.now()}`, body)) },
        body,
      });
    };
    expect((await send({ bot_id: bot.id, status: 'joining' }, 'wrong-secret-0123456789abcdefghijklmnop')).status).toBe(401);
    expect((await send({ bot_id: bot.id, status: 'joining' }, SECRET, {})).status).toBe(401);
    const stale = signedHeaders([SECRET], 'msg_old', JSON.stringify({ bot_id: bot.id, status: 'joining' }), new Date(Date.now() - 10 * 60_000));
    expect((await send({ bot_id: bot.id, status: 'joining' }, SECRET, { ...stale })).status).toBe(401);
    expect((await writer.client.getBot(bot.id)).status).toBe('scheduled');

    const recording = await send({ bot_id: bot.id, status: 'recording' });
    expect([recording.status, await recording.json()]).toEqual([200, { outcome: 'applied' }]);
    const late = await send({ bot_id: bot.id, status: 'joining' });
    expect(await late.json()).toEqual({ outcome: 'ignored' });
    expect((await writer.client.getBot(bot.id)).status).toBe('recording');
    const incomplete = await send({ bot_id: bot.id, status: 'done' });
    expect(incomplete.status).toBe(400);
  });
});
