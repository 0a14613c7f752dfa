import { RETRY_WINDOW_MS } from '@cs/webhook-delivery';
import { keyHolder, sleep } from '@cs/testing';
import { WebhookReceiver } from './support/webhook-receiver';
import { useWebhookStack, type Writer } from './support/webhook-stack';

const TIME_SCALE = 0.0002;
const stack = useWebhookStack({ workerEnv: { WEBHOOK_TIME_SCALE: String(TIME_SCALE) } });
const receiver = new WebhookReceiver();
const TEXT = 'We agreed to move the launch review to Thursday and to send the customer summary before the weekend.';
beforeAll(async () => {
  await receiver.start();
  // Two replicas: the rate limit must hold across them.
  await stack.startWorker();
  await stack.startWorker();
});
afterAll(() => receiver.close());

/** Visible to the workspace, so subscriptions of the writer's admin receive its events. */
async function readyConversation(writer: Writer, title: string) {
  const created = await writer.client.createConversation({ title, visibility: 'workspace', sources: [{ type: 'text', content: TEXT }] });
  return stack.eventually(() => writer.client.getConversation(created.id), (c) => c.status !== 'pending');
}

/** The webhooks API is for admins' API keys. */
async function adminApi(writer: Writer) {
  const admin = await keyHolder(stack.fixtures, writer.workspace, 'admin');
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.apiUrl}/api/v1/webhooks${path}`, {
      method,
      headers: { authorization: `Bearer ${admin.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

describe('what an endpoint can ask of the sender (Standard Webhooks, Svix)', () => {
  it('disables an endpoint that answers 410 Gone at once: one request, no retry, later events not sent, the API says why', async () => {
    receiver.answer('/gone', (_req, res) => res.writeHead(410).end('this endpoint was removed'));
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/gone` });
    // A healthy endpoint beside it shows when an event has been relayed.
    await stack.subscribe(writer, { url: `${receiver.url}/gone-witness` });
    await readyConversation(writer, 'First after removal');
    await receiver.waitFor('/gone', (r) => r.length >= 1);
    await stack.eventually(() => stack.deliveries(sub.id), (d) => d.length === 1 && d[0]!.status === 'failed');

    await readyConversation(writer, 'Second after removal');
    await receiver.waitFor('/gone-witness', (r) => r.length >= 2);
    // Past the (scaled) first retry: nothing more was sent, and the disabled endpoint got no delivery of the second event.
    await sleep(RETRY_WINDOW_MS * TIME_SCALE * 0.2);
    expect(receiver.at('/gone')).toHaveLength(1);
    expect((await stack.deliveries(sub.id)).map((d) => [d.status, d.attempts])).toEqual([['failed', 1]]);

    const api = await adminApi(writer);
    expect((await api('GET', `/${sub.id}`)).body).toMatchObject({ enabled: false, disabled_reason: 'gone' });
  });

  it('keeps rate_limit_per_second across two worker replicas: every event arrives, never more than the limit in a second', async () => {
    const writer = await stack.writer();
    const api = await adminApi(writer);
    const created = await api('POST', '', { url: `${receiver.url}/paced`, events: ['conversation.ready'], rate_limit_per_second: 4 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ rate_limit_per_second: 4 });

    const count = 12;
    await Promise.all(Array.from({ length: count }, (_, i) => readyConversation(writer, `Paced ${i}`)));
    const got = await receiver.waitFor('/paced', (r) => r.length >= count, 60_000);
    await sleep(500);
    expect(receiver.at('/paced')).toHaveLength(count);
    const times = got.map((r) => r.at).sort((a, b) => a - b);
    // One turn every 250 ms: 12 requests span at least 11 turns (some slack for the queue's timer), and no
    // one-second window holds more than the limit (plus one for a late turn meeting an on-time one).
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(11 * 250 * 0.9);
    const busiest = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1_000).length));
    expect(busiest).toBeLessThanOrEqual(5);
  });

  it('recovers what failed since a time: each failed event once more with the same webhook-id, and nothing twice', async () => {
    let up = false;
    receiver.answer('/recover', (_req, res) => (up ? res.writeHead(204).end() : res.writeHead(503).end('down')));
    const writer = await stack.writer();
    const api = await adminApi(writer);
    const created = await api('POST', '', { url: `${receiver.url}/recover`, events: ['conversation.ready'] });
    const webhookId = String(created.body['id']);
    const since = new Date(Date.now() - 1_000).toISOString();

    await readyConversation(writer, 'Lost one');
    await readyConversation(writer, 'Lost two');
    // Every attempt of the (scaled) retry window fails.
    const failed = await stack.eventually(() => stack.deliveries(webhookId), (d) => d.length === 2 && d.every((x) => x.status === 'failed'), 60_000);
    const failedIds = new Set(receiver.at('/recover').map((r) => r.headers['webhook-id']));
    expect(failedIds.size).toBe(2);

    up = true;
    const before = receiver.at('/recover').length;
    const recovered = await api('POST', `/${webhookId}/recover`, { since });
    expect(recovered).toEqual({ status: 202, body: { webhook_id: webhookId, since, deliveries_created: 2 } });
    const after = await receiver.waitFor('/recover', (r) => r.length >= before + 2);
    expect(new Set(after.slice(before).map((r) => r.headers['webhook-id']))).toEqual(failedIds);
    await stack.eventually(() => stack.deliveries(webhookId), (d) => d.filter((x) => x.status === 'succeeded').length === 2);
    expect(failed.map((d) => d.event_id).sort()).toEqual([...(await stack.deliveries(webhookId))].filter((d) => d.status === 'succeeded').map((d) => d.event_id).sort());

    // Delivered now: a second recovery finds nothing to send.
    expect((await api('POST', `/${webhookId}/recover`, { since })).body).toMatchObject({ deliveries_created: 0 });
    // Bad input is a 400 naming the field, never a 500.
    const future = await api('POST', `/${webhookId}/recover`, { since: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.body['invalid_params']).toEqual([{ name: 'since', reason: 'must not be in the future' }]);
    expect((await api('POST', `/${webhookId}/recover`, {})).status).toBe(400);
  });
});
