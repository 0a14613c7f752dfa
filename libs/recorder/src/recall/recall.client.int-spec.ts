import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeRecallServer, sleep } from '@cs/testing';
import { RecallClient } from './recall.client';

// The client against the fake Recall server of libs/testing (written from Recall's API reference), over real HTTP.
describe('RecallClient against the fake Recall server', () => {
  const recall = new FakeRecallServer({ apiKey: 'key-1', webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', stepMs: 20 });
  let sink: Server;
  const client = () => new RecallClient({ baseUrl: recall.baseUrl, apiKey: 'key-1', policy: { attempts: 3, backoffMs: 10, maxDelayMs: 100 }, timeoutMs: 5_000 });

  beforeAll(async () => {
    await recall.start();
    // Where the fake sends its webhooks: answered 200 and forgotten.
    sink = createServer((_req, res) => void res.writeHead(200).end());
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    recall.webhookUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await recall.close();
    sink.closeAllConnections();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  it('creates a bot once per our bot id, scheduled with join_at only when it is at least 10 minutes ahead', async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 60 * 60_000);
    const first = await client().createBot({ id: 'bot_1', meetingUrl: 'https://meet.google.com/a/later', joinAt: later }, now);
    expect(await client().createBot({ id: 'bot_1', meetingUrl: 'https://meet.google.com/a/later', joinAt: later }, now)).toBe(first);
    expect(recall.botsFor('https://meet.google.com/a/later')).toEqual([expect.objectContaining({ id: first, joinAt: later.toISOString(), metadata: { cs_bot_id: 'bot_1' } })]);
    await client().createBot({ id: 'bot_2', meetingUrl: 'https://meet.google.com/a/soon', joinAt: new Date(now.getTime() + 60_000) }, now);
    expect(recall.botsFor('https://meet.google.com/a/soon')[0]!.joinAt).toBeNull();
  });

  it('sends the API key as `Token <key>`; a wrong key is refused without retries', async () => {
    const wrong = new RecallClient({ baseUrl: recall.baseUrl, apiKey: 'nope', policy: { attempts: 3, backoffMs: 10, maxDelayMs: 100 }, timeoutMs: 5_000 });
    await expect(wrong.createBot({ id: 'bot_x', meetingUrl: 'https://meet.google.com/a/x', joinAt: null })).rejects.toMatchObject({ status: 401 });
    expect(recall.requestsTo('POST', '/api/v1/bot/').filter((r) => r.idempotencyKey === 'bot_x')).toHaveLength(1);
  });

  it('deletes a bot Recall has not sent yet, tells a sent one to leave the call, and knows a deleted one is gone', async () => {
    const scheduled = await client().createBot({ id: 'bot_3', meetingUrl: 'https://meet.google.com/b/later', joinAt: new Date(Date.now() + 3_600_000) });
    expect(await client().cancelBot(scheduled)).toBe('deleted');
    expect(await client().cancelBot(scheduled)).toBe('gone');

    const sent = await client().createBot({ id: 'bot_4', meetingUrl: 'https://meet.google.com/b/now', joinAt: null });
    const bot = recall.botsFor('https://meet.google.com/b/now')[0]!;
    while (!bot.dispatched) await sleep(10);
    expect(await client().cancelBot(sent)).toBe('left_call');
    expect(recall.requestsTo('DELETE', `/api/v1/bot/${sent}/`).map((r) => r.status)).toEqual([405]);
    expect(bot.leftCall).toBe(true);
  });

  it('retrieves a recorded bot and downloads its transcript', async () => {
    const id = await client().createBot({ id: 'bot_5', meetingUrl: 'https://meet.google.com/c/weekly', joinAt: null });
    let bot = await client().getBot(id);
    while (!bot.recordings?.[0]?.media_shortcuts?.transcript?.data?.download_url) {
      await sleep(20);
      bot = await client().getBot(id);
    }
    const transcript = await client().downloadTranscript(bot.recordings[0]!.media_shortcuts!.transcript!.data!.download_url!);
    expect(transcript[0]).toMatchObject({ participant: { name: 'Ada Lovelace' }, words: expect.arrayContaining([expect.objectContaining({ text: 'Thanks' })]) });
  });
});
