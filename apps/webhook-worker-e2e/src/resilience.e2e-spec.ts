import { WebhookReceiver } from './support/webhook-receiver';
import { useWebhookStack, type Writer } from './support/webhook-stack';
import { sleep } from '@cs/testing';

// A short lock lets a killed worker's attempts move on within the test; a short grace lets the poller notice
// lost jobs quickly. The schedule is the real one (5 s before the second attempt).
const stack = useWebhookStack({ workerEnv: { WEBHOOK_LOCK_MS: '2000', WEBHOOK_POLL_GRACE_MS: '1000' } });
const receiver = new WebhookReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.close());

/** `count` shared conversations made directly in the database, then deleted through the API: one event each. */
async function burstOfDeletes(writer: Writer, count: number): Promise<void> {
  const conversations = await Promise.all(Array.from({ length: count }, () => stack.fixtures.conversation(writer, { visibility: 'workspace' })));
  const queue = [...conversations];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) await writer.client.deleteConversation(c.id);
    }),
  );
}

async function eventIds(workspaceId: string): Promise<string[]> {
  const rows = (await stack.db.dataSource.query(`SELECT id FROM outbox WHERE topic = 'event' AND workspace_id = $1`, [workspaceId])) as Array<{ id: string }>;
  return rows.map((r) => r.id).sort();
}

describe('nothing lost (webhook-worker as a process)', () => {
  it('delivers every event of a burst at least once although the worker is SIGKILLed in the middle of it', async () => {
    const first = await stack.startWorker();
    receiver.answer('/burst', (_req, res) => setTimeout(() => res.writeHead(204).end(), 20));
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/burst` });
    const count = 150;
    const writing = burstOfDeletes(writer, count);
    await receiver.waitFor('/burst', (r) => r.length >= 20);
    process.kill(first.pid!, 'SIGKILL');
    await first.stop();
    const killedAt = receiver.at('/burst').length;
    await writing;
    expect(killedAt).toBeLessThan(count);

    await stack.startWorker();
    const expected = await eventIds(writer.workspace.id);
    expect(expected).toHaveLength(count);
    const got = await receiver.waitFor('/burst', (r) => new Set(r.map((x) => x.headers['webhook-id'])).size >= count, 60_000);
    expect([...new Set(got.map((r) => String(r.headers['webhook-id'])))].sort()).toEqual(expected);
    for (const r of got) expect(WebhookReceiver.verify(sub.secret, r).type).toBe('conversation.deleted');
    const deliveries = await stack.eventually(() => stack.deliveries(sub.id), (d) => d.length === count && d.every((x) => x.status === 'succeeded'));
    expect(deliveries).toHaveLength(count);
  });

  it('delivers every event although Redis lost every queue key while their retries were scheduled', async () => {
    const seen = new Set<string>();
    // Each event's first attempt fails, so its retry waits in Redis as a delayed job.
    receiver.answer('/flush', (req, res) => {
      const id = String(req.headers['webhook-id']);
      if (seen.has(id)) return res.writeHead(204).end();
      seen.add(id);
      res.writeHead(500).end();
    });
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/flush` });
    const count = 30;
    await burstOfDeletes(writer, count);
    await stack.eventually(async () => seen.size, (n) => n >= count);
    const pending = await stack.eventually(() => stack.deliveries(sub.id), (d) => d.length === count && d.every((x) => x.attempts === 1));
    expect(pending.every((d) => d.status === 'pending')).toBe(true);

    expect(await stack.flushQueues()).toBeGreaterThan(0);
    const deliveries = await stack.eventually(() => stack.deliveries(sub.id), (d) => d.length === count && d.every((x) => x.status === 'succeeded'), 60_000);
    expect(deliveries.every((d) => d.attempts === 2)).toBe(true);
    const ids = new Set(receiver.at('/flush').filter((r) => r.headers['webhook-signature']).map((r) => String(r.headers['webhook-id'])));
    expect([...ids].sort()).toEqual(await eventIds(writer.workspace.id));
  });

  it('finishes and records the attempts in flight when stopped with SIGTERM', async () => {
    // The only replica, so nothing but the stopping worker can have recorded these attempts.
    await stack.stopWorkers();
    const worker = await stack.startWorker();
    receiver.answer('/graceful', (_req, res) => setTimeout(() => res.writeHead(200).end(), 1_500));
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/graceful` });
    await burstOfDeletes(writer, 3);
    await receiver.waitFor('/graceful', (r) => r.length >= 1);
    await worker.stop();
    const inFlight = receiver.at('/graceful').map((r) => String(r.headers['webhook-id']));
    const deliveries = await stack.deliveries(sub.id);
    for (const id of inFlight) expect(deliveries.find((d) => d.event_id === id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('refuses a private target with blocked_target when WEBHOOK_ALLOW_PRIVATE_TARGETS is false', async () => {
    await stack.stopWorkers();
    await stack.startWorker({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    const writer = await stack.writer();
    const literal = await stack.subscribe(writer, { url: `${receiver.url}/private` });
    const named = await stack.subscribe(writer, { url: `${receiver.url.replace('127.0.0.1', 'localhost')}/private` });
    await burstOfDeletes(writer, 1);
    const [event] = await eventIds(writer.workspace.id);
    for (const sub of [literal, named]) {
      const attempts = await stack.eventually(() => stack.attempts(sub.id, event!), (a) => a.length >= 1);
      expect(attempts[0]).toMatchObject({ error_kind: 'blocked_target', response_status: null });
    }
    await sleep(500);
    expect(receiver.at('/private')).toHaveLength(0);
  });
});
