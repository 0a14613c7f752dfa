import { RETRY_WINDOW_MS } from '@cs/webhook-delivery';
import { type Envelope, WebhookReceiver } from './support/webhook-receiver';
import { useWebhookStack, type Writer } from './support/webhook-stack';
import { sleep } from '@cs/testing';

const TIME_SCALE = 0.0002;
const stack = useWebhookStack({ workerEnv: { WEBHOOK_TIME_SCALE: String(TIME_SCALE) } });
const receiver = new WebhookReceiver();
const TEXT = 'We reviewed the onboarding funnel and agreed to shorten the signup form to three fields before the next release.';
beforeAll(async () => {
  await receiver.start();
  await stack.startWorker();
});
afterAll(() => receiver.close());

/** Creates a conversation through the API and waits until processing made it ready. */
async function readyConversation(writer: Writer, body: { title: string; visibility?: 'private' | 'workspace' }) {
  const created = await writer.client.createConversation({ ...body, sources: [{ type: 'text', content: TEXT }] });
  return stack.eventually(() => writer.client.getConversation(created.id), (c) => c.status !== 'pending');
}

describe('webhook delivery (api, processor and webhook-worker as processes; a real receiver verifying with standardwebhooks)', () => {
  it('delivers ready, failed and deleted envelopes as the spec says, only to subscriptions whose owner can see the conversation', async () => {
    const owner = await stack.writer();
    const colleague = await stack.writer(owner.workspace);
    const outsider = await stack.writer();
    const mine = await stack.subscribe(owner, { url: `${receiver.url}/owner` });
    const theirs = await stack.subscribe(colleague, { url: `${receiver.url}/colleague` });
    await stack.subscribe(outsider, { url: `${receiver.url}/outsider` });
    const deletesOnly = await stack.subscribe(colleague, { url: `${receiver.url}/deletes`, events: ['conversation.deleted'] });

    const secret = await readyConversation(owner, { title: 'Private pricing talk' });
    const shared = await readyConversation(owner, { title: 'Team retro', visibility: 'workspace' });
    expect([secret.status, shared.status]).toEqual(['ready', 'ready']);
    const bot = await owner.client.createBot({ meeting_url: 'https://meet.example.test/crash', title: 'Crashing call' });
    await owner.client.deleteConversation(shared.id);

    const ownerGot = await receiver.waitFor('/owner', (r) => r.length >= 4);
    const envelopes = ownerGot.map((r) => WebhookReceiver.verify(mine.secret, r));
    for (const [i, r] of ownerGot.entries()) expect(r.headers['webhook-id']).toBe(envelopes[i]!.id);
    const byType = (type: string, id: string) => envelopes.find((e) => e.type === type && e.data.id === id);

    expect(byType('conversation.ready', secret.id)).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-z]{26}$/),
      type: 'conversation.ready',
      created_at: expect.any(String),
      data: { id: secret.id, title: 'Private pricing talk', started_at: expect.any(String), status: 'ready' },
    });
    expect(byType('conversation.ready', shared.id)?.data).toEqual({ id: shared.id, title: 'Team retro', started_at: expect.any(String), status: 'ready' });
    expect(byType('conversation.failed', bot.conversation_id)?.data).toEqual({
      id: bot.conversation_id, title: 'Crashing call', started_at: expect.any(String), status: 'error', error_reason: 'recording_failed',
    });
    // The last-known title, so downstream caches can drop the conversation.
    expect(byType('conversation.deleted', shared.id)?.data).toMatchObject({ id: shared.id, title: 'Team retro' });
    for (const e of envelopes) expect(new Date(e.created_at).toISOString()).toBe(e.created_at);

    // The colleague sees the shared conversation only; the outsider's workspace gets nothing.
    const colleagueGot = await receiver.waitFor('/colleague', (r) => r.length >= 2);
    const deletes = await receiver.waitFor('/deletes', (r) => r.length >= 1);
    await sleep(1_000);
    expect(receiver.at('/colleague')).toHaveLength(2);
    expect(colleagueGot.map((r) => WebhookReceiver.verify(theirs.secret, r)).map((e) => `${e.type} ${e.data.id}`).sort()).toEqual(
      [`conversation.deleted ${shared.id}`, `conversation.ready ${shared.id}`].sort(),
    );
    expect(deletes.map((r) => WebhookReceiver.verify<Envelope>(deletesOnly.secret, r).type)).toEqual(['conversation.deleted']);
    expect(receiver.at('/outsider')).toHaveLength(0);
    // Another subscription's secret does not verify.
    expect(() => WebhookReceiver.verify(theirs.secret, ownerGot[0]!)).toThrow();
    expect((await stack.deliveries(mine.id)).every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
  });

  it('retries a 500 and then succeeds, with the same webhook-id on every attempt, logging each attempt', async () => {
    receiver.answer('/flaky', (_req, res, previous) => (previous < 2 ? res.writeHead(500, { 'content-type': 'text/plain' }).end('boom') : res.writeHead(204).end()));
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/flaky` });
    await readyConversation(writer, { title: 'Flaky receiver' });
    const got = await receiver.waitFor('/flaky', (r) => r.length >= 3);
    const ids = new Set(got.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const r of got) expect(WebhookReceiver.verify(sub.secret, r).id).toBe([...ids][0]);
    const [delivery] = await stack.eventually(() => stack.deliveries(sub.id), (d) => d[0]?.status === 'succeeded');
    expect(delivery).toMatchObject({ attempts: 3, event_id: [...ids][0] });
    const attempts = await stack.attempts(sub.id, delivery!.event_id);
    expect(attempts.map((a) => [a.attempt, a.response_status, a.error_kind])).toEqual([[1, 500, 'http_status'], [2, 500, 'http_status'], [3, 204, null]]);
    expect(attempts[0]).toMatchObject({ response_body: 'boom', request_body: got[0]!.body });
    expect(attempts[0]!.request_headers['webhook-id']).toBe(delivery!.event_id);
  });

  it('honours Retry-After on a 429 (the scaled schedule alone would retry within milliseconds)', async () => {
    receiver.answer('/busy', (_req, res, previous) => (previous === 0 ? res.writeHead(429, { 'retry-after': '2' }).end() : res.writeHead(200).end()));
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/busy` });
    await readyConversation(writer, { title: 'Busy receiver' });
    const got = await receiver.waitFor('/busy', (r) => r.length >= 2);
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(1_900);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    await stack.eventually(() => stack.deliveries(sub.id), (d) => d[0]?.status === 'succeeded');
  });

  it('counts an answer after 6 seconds as a timeout', async () => {
    receiver.answer('/slow', (_req, res, previous) => (previous === 0 ? setTimeout(() => res.writeHead(200).end(), 6_000) : res.writeHead(200).end()));
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/slow` });
    await readyConversation(writer, { title: 'Slow receiver' });
    const [delivery] = await stack.eventually(() => stack.deliveries(sub.id), (d) => d[0]?.status === 'succeeded', 60_000);
    const attempts = await stack.attempts(sub.id, delivery!.event_id);
    expect(attempts[0]).toMatchObject({ attempt: 1, error_kind: 'timeout', response_status: null });
    expect(attempts[0]!.duration_ms).toBeGreaterThanOrEqual(4_900);
    expect(attempts[0]!.duration_ms).toBeLessThan(6_000);
    expect(attempts[1]).toMatchObject({ attempt: 2, error_kind: null, response_status: 200 });
  });

  it('does not follow a redirect and counts it as a failure', async () => {
    receiver.answer('/moved', (_req, res) => res.writeHead(307, { location: `${receiver.url}/new-home` }).end());
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/moved` });
    await readyConversation(writer, { title: 'Moved receiver' });
    await receiver.waitFor('/moved', (r) => r.length >= 1);
    const [delivery] = await stack.eventually(() => stack.deliveries(sub.id), (d) => (d[0]?.attempts ?? 0) >= 1);
    const attempts = await stack.attempts(sub.id, delivery!.event_id);
    expect(attempts[0]).toMatchObject({ response_status: 307, error_kind: 'redirect' });
    expect(receiver.at('/new-home')).toHaveLength(0);
  });

  it('follows the published schedule under a time scale and ends the delivery failed after six logged attempts', async () => {
    receiver.answer('/down', (_req, res) => res.writeHead(500).end());
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/down` });
    await readyConversation(writer, { title: 'Dead receiver' });
    const [delivery] = await stack.eventually(() => stack.deliveries(sub.id), (d) => d[0]?.status === 'failed', 60_000);
    expect(delivery!.attempts).toBe(6);
    const attempts = await stack.attempts(sub.id, delivery!.event_id);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(attempts.every((a) => a.error_kind === 'http_status' && a.response_status === 500)).toBe(true);
    const span = attempts[5]!.started_at.getTime() - attempts[0]!.started_at.getTime();
    // 7 h 35 min scaled, minus the ±10% jitter; no upper bound, as a busy machine only adds delay.
    expect(span).toBeGreaterThanOrEqual(RETRY_WINDOW_MS * TIME_SCALE * 0.9);
    expect(receiver.at('/down')).toHaveLength(6);
    expect(new Set(receiver.at('/down').map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('signs with both secrets during the grace period after a rotation, each verifying with its own secret', async () => {
    const writer = await stack.writer();
    const previous = `whsec_${Buffer.from('an-old-secret-of-at-least-24-bytes!').toString('base64')}`;
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/rotated`, previousSecret: { secret: previous, expiresAt: new Date(Date.now() + 3_600_000) } });
    await readyConversation(writer, { title: 'Rotated secret' });
    const [got] = await receiver.waitFor('/rotated', (r) => r.length >= 1);
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(WebhookReceiver.verify(sub.secret, got!).type).toBe('conversation.ready');
    expect(WebhookReceiver.verify(previous, got!).type).toBe('conversation.ready');
  });
});
