import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { DEV_WEBHOOK_SECRET_KEY } from '@cs/config';
import { newId } from '@cs/domain';
import { createTestDatabase, Fixtures, NetworkInTransactionGuard, type TestDatabase } from '@cs/testing';
import { Webhook } from 'standardwebhooks';
import { Redis } from 'ioredis';
import { DeliveryAttemptHandler, type DeliverySettings } from './delivery-attempt.handler';
import { EndpointPace } from './endpoint-pace';
import { insertWebhookRow } from './webhook-row.test-harness';
import { WebhookSender } from './webhook.sender';
import { createDeliveryQueue, type DeliveryQueue } from './webhook-delivery.queue';

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

describe('DeliveryAttemptHandler (real Postgres, Redis and HTTP)', () => {
  let db: TestDatabase;
  let queue: DeliveryQueue;
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const prefix = `whattempt-${randomBytes(4).toString('hex')}`;
  // Two connections: the paces of two worker replicas, which must share the endpoint's turns.
  const redis = new Redis(redisUrl);
  const otherReplicaRedis = new Redis(redisUrl);
  const pace = new EndpointPace(redis, prefix);
  let server: Server;
  let baseUrl = '';
  let behaviour: Behaviour = (_req, res) => res.writeHead(204).end();
  const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const settings: DeliverySettings = { secretKey: DEV_WEBHOOK_SECRET_KEY, timeScale: 0.001, disableAfterMs: 60_000 };
  const sender = new WebhookSender({ allowPrivateTargets: true, requireHttps: false, timeoutMs: 500 });

  beforeAll(async () => {
    db = await createTestDatabase();
    queue = createDeliveryQueue(redisUrl, prefix);
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        behaviour(req, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    sender.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await queue.obliterate({ force: true });
    await queue.close();
    await redis.quit();
    await otherReplicaRedis.quit();
    await db.drop();
  });

  async function aDelivery(over: { url?: string; previousSecret?: { secret: string; expiresAt: Date }; ratePerSecond?: number } = {}) {
    const f = new Fixtures(db.dataSource);
    const owner = await f.member(await f.workspace());
    const webhook = await insertWebhookRow(db.dataSource, {
      workspaceId: owner.workspace.id, ownerId: owner.user.id, url: over.url ?? `${baseUrl}/hook`, secretKey: DEV_WEBHOOK_SECRET_KEY, previousSecret: over.previousSecret,
      ratePerSecond: over.ratePerSecond,
    });
    const eventId = newId('event');
    const payload = { id: eventId, type: 'conversation.ready', created_at: new Date().toISOString(), data: { id: 'conv_x', title: 'Café ☕ "quoted"', started_at: new Date().toISOString(), status: 'ready' } };
    const id = newId('delivery');
    await db.dataSource.query(
      `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6, 'pending', now())`,
      [id, owner.workspace.id, webhook.id, eventId, 'conversation.ready', payload],
    );
    return { id, webhook, eventId, job: (attempt: number) => ({ deliveryId: id, webhookId: webhook.id, attempt }) };
  }

  const handler = (random = () => 0.5) => new DeliveryAttemptHandler(db.dataSource, queue, sender, pace, settings, () => new Date(), random);
  const attempts = (deliveryId: string) =>
    db.dataSource.query(`SELECT * FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt`, [deliveryId]) as Promise<Array<Record<string, unknown>>>;
  const delivery = async (id: string) => ((await db.dataSource.query(`SELECT * FROM webhook_deliveries WHERE id = $1`, [id])) as Array<Record<string, unknown>>)[0]!;
  const webhookRow = async (id: string) => ((await db.dataSource.query(`SELECT * FROM webhooks WHERE id = $1`, [id])) as Array<Record<string, unknown>>)[0]!;

  it('signs and sends the envelope, verifiable with the reference library, and records the attempt and the success', async () => {
    behaviour = (_req, res) => res.writeHead(200, { 'x-receiver': 'yes' }).end('thanks');
    const d = await aDelivery();
    // The attempt is sent with no transaction open: a slow receiver holds no lock and no pooled connection.
    const guard = new NetworkInTransactionGuard([db.dataSource]).start();
    try {
      expect(await handler().handle(d.job(1))).toEqual({ kind: 'succeeded' });
    } finally {
      guard.stop();
    }
    guard.assertNone();
    const got = received.at(-1)!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/^ConversationService-Webhooks\//);
    expect(got.headers['webhook-id']).toBe(d.eventId);
    const verified = new Webhook(d.webhook.secret).verify(got.body, got.headers as Record<string, string>) as { id: string; data: { title: string } };
    expect(verified.id).toBe(d.eventId);
    expect(verified.data.title).toBe('Café ☕ "quoted"');

    const [attempt] = await attempts(d.id);
    expect(attempt).toMatchObject({ attempt: 1, request_url: `${baseUrl}/hook`, request_body: got.body, response_status: 200, response_body: 'thanks', error_kind: null });
    expect((attempt!['request_headers'] as Record<string, string>)['webhook-signature']).toBe(got.headers['webhook-signature']);
    expect((attempt!['response_headers'] as Record<string, string>)['x-receiver']).toBe('yes');
    expect(await delivery(d.id)).toMatchObject({ status: 'succeeded', attempts: 1, next_attempt_at: null });
    expect((await delivery(d.id))['completed_at']).toBeInstanceOf(Date);

    // The same job again (a duplicate, or a worker that died after recording) sends nothing.
    const before = received.length;
    expect(await handler().handle(d.job(1))).toEqual({ kind: 'skipped' });
    expect(received).toHaveLength(before);
  });

  it('records the attempts of concurrent jobs together, each once, and a duplicate job in the same batch as skipped', async () => {
    behaviour = (_req, res) => res.writeHead(204).end();
    const h = handler();
    const first = await aDelivery();
    const others = await Promise.all(Array.from({ length: 4 }, () => aDelivery()));
    const results = await Promise.all([h.handle(first.job(1)), h.handle(first.job(1)), ...others.map((d) => h.handle(d.job(1)))]);
    expect(results.slice(0, 2).map((r) => r.kind).sort()).toEqual(['skipped', 'succeeded']);
    expect(results.slice(2)).toEqual(others.map(() => ({ kind: 'succeeded' })));
    expect(await attempts(first.id)).toHaveLength(1);
    for (const d of [first, ...others]) expect(await delivery(d.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('starts an endpoint\'s failure run at the earliest of several failures recorded together, and ends it with a later success', async () => {
    behaviour = (_req, res) => res.writeHead(500).end();
    const h = handler();
    const d = await aDelivery();
    const sameEndpoint = async () => {
      const id = newId('delivery');
      const eventId = newId('event');
      await db.dataSource.query(
        `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, next_attempt_at)
         SELECT $1, workspace_id, webhook_id, $2, event_type, payload, 'pending', now() FROM webhook_deliveries WHERE id = $3`,
        [id, eventId, d.id],
      );
      return { deliveryId: id, webhookId: d.webhook.id, attempt: 1 };
    };
    const jobs = [d.job(1), await sameEndpoint(), await sameEndpoint()];
    const results = await Promise.all(jobs.map((job) => h.handle(job)));
    expect(results.map((r) => r.kind)).toEqual(['retrying', 'retrying', 'retrying']);
    const starts = (await db.dataSource.query(
      `SELECT min(a.started_at) AS first FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = $1`,
      [d.webhook.id],
    )) as Array<{ first: Date }>;
    expect((await webhookRow(d.webhook.id))['failing_since']).toEqual(starts[0]!.first);

    behaviour = (_req, res) => res.writeHead(204).end();
    expect(await h.handle(d.job(2))).toEqual({ kind: 'succeeded' });
    expect((await webhookRow(d.webhook.id))['failing_since']).toBeNull();
  });

  it('records a 500 with the first 4 KiB of its body, schedules the next attempt, and retries with the same webhook-id', async () => {
    behaviour = (_req, res) => res.writeHead(500).end('é'.repeat(5000));
    const d = await aDelivery();
    expect(await handler().handle(d.job(1))).toEqual({ kind: 'retrying', delayMs: 5 });
    const [failed] = await attempts(d.id);
    expect(failed).toMatchObject({ response_status: 500, error_kind: 'http_status' });
    expect(Buffer.byteLength(failed!['response_body'] as string)).toBe(4096);
    expect(await delivery(d.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await queue.getJob(`${d.id}.2`)).toBeDefined();
    expect((await webhookRow(d.webhook.id))['failing_since']).toBeInstanceOf(Date);

    behaviour = (_req, res) => res.writeHead(202).end();
    expect(await handler().handle(d.job(2))).toEqual({ kind: 'succeeded' });
    const ids = received.slice(-2).map((r) => r.headers['webhook-id']);
    expect(ids).toEqual([d.eventId, d.eventId]);
    expect((await webhookRow(d.webhook.id))['failing_since']).toBeNull();
  });

  it('ends the delivery failed after the sixth attempt', async () => {
    behaviour = (_req, res) => res.writeHead(503).end();
    const d = await aDelivery();
    for (let attempt = 1; attempt <= 5; attempt++) expect((await handler().handle(d.job(attempt))).kind).toBe('retrying');
    expect(await handler().handle(d.job(6))).toEqual({ kind: 'failed' });
    expect((await attempts(d.id)).map((a) => a['attempt'])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await delivery(d.id)).toMatchObject({ status: 'failed', attempts: 6, next_attempt_at: null });
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    behaviour = (req, res) => (req.url === '/hook' ? res.writeHead(302, { location: `${baseUrl}/elsewhere` }).end() : res.writeHead(200).end());
    const d = await aDelivery();
    const before = received.length;
    expect((await handler().handle(d.job(1))).kind).toBe('retrying');
    expect(received).toHaveLength(before + 1);
    expect((await attempts(d.id))[0]).toMatchObject({ response_status: 302, error_kind: 'redirect' });
  });

  it('classifies a slow answer as a timeout and a closed port as connection_refused', async () => {
    behaviour = (_req, res) => setTimeout(() => res.writeHead(200).end(), 1_500);
    const slow = await aDelivery();
    await handler().handle(slow.job(1));
    expect((await attempts(slow.id))[0]).toMatchObject({ error_kind: 'timeout', response_status: null });

    const closed = await aDelivery({ url: 'http://127.0.0.1:9/hook' });
    await handler().handle(closed.job(1));
    expect((await attempts(closed.id))[0]).toMatchObject({ error_kind: 'connection_refused' });

    const dns = await aDelivery({ url: 'http://no-such-host.invalid/hook' });
    await handler().handle(dns.job(1));
    expect((await attempts(dns.id))[0]).toMatchObject({ error_kind: 'dns' });
  });

  it('classifies a receiver whose certificate the worker does not trust (self-signed) as tls, and sends nothing', async () => {
    // A certificate made for this test, so nothing is committed and nothing trusts it.
    const dir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
    let tlsRequests = 0;
    const tls = (() => {
      try {
        const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
          '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { encoding: 'utf8' });
        if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr || made.error?.message}`);
        return createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
          tlsRequests++;
          res.writeHead(204).end();
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })();
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    try {
      const d = await aDelivery({ url: `https://127.0.0.1:${(tls.address() as AddressInfo).port}/hook` });
      expect((await handler().handle(d.job(1))).kind).toBe('retrying');
      const [attempt] = await attempts(d.id);
      expect(attempt).toMatchObject({ error_kind: 'tls', response_status: null });
      expect(attempt!['error_message']).toMatch(/self[- ]signed/i);
      expect(tlsRequests).toBe(0);
    } finally {
      tls.closeAllConnections();
      await new Promise((r) => tls.close(r));
    }
  });

  it('refuses private targets unless allowed, by name and by literal address', async () => {
    const strict = new WebhookSender({ allowPrivateTargets: false, requireHttps: false, timeoutMs: 500 });
    try {
      const strictHandler = new DeliveryAttemptHandler(db.dataSource, queue, strict, pace, settings);
      const before = received.length;
      const literal = await aDelivery();
      await strictHandler.handle(literal.job(1));
      const named = await aDelivery({ url: baseUrl.replace('127.0.0.1', 'localhost') + '/hook' });
      await strictHandler.handle(named.job(1));
      expect(received).toHaveLength(before);
      expect((await attempts(literal.id))[0]).toMatchObject({ error_kind: 'blocked_target' });
      expect((await attempts(named.id))[0]).toMatchObject({ error_kind: 'blocked_target' });
      expect((await attempts(named.id))[0]!['error_message']).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);
    } finally {
      strict.close();
    }
    const production = new WebhookSender({ allowPrivateTargets: true, requireHttps: true });
    try {
      expect(await production.send({ url: `${baseUrl}/hook`, headers: {}, body: '{}' })).toMatchObject({ ok: false, errorKind: 'blocked_target', errorMessage: 'https is required in production' });
    } finally {
      production.close();
    }
  });

  it('never sends to link-local or cloud metadata addresses, with WEBHOOK_ALLOW_PRIVATE_TARGETS as without it', async () => {
    for (const allowPrivateTargets of [true, false]) {
      const sender = new WebhookSender({ allowPrivateTargets, requireHttps: false, timeoutMs: 500 });
      try {
        for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/', 'http://[fd00:ec2::254]/', 'http://168.63.129.16/', 'http://[::ffff:169.254.169.254]/']) {
          expect({ url, allowPrivateTargets, outcome: await sender.send({ url, headers: {}, body: '{}' }) }).toMatchObject({ outcome: { ok: false, errorKind: 'blocked_target' } });
        }
      } finally {
        sender.close();
      }
    }
  });

  it('signs with both secrets during the grace period after a rotation, and with the current one after it', async () => {
    behaviour = (_req, res) => res.writeHead(200).end();
    const previous = 'whsec_' + randomBytes(32).toString('base64');
    const d = await aDelivery({ previousSecret: { secret: previous, expiresAt: new Date(Date.now() + 3_600_000) } });
    await handler().handle(d.job(1));
    const got = received.at(-1)!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(d.webhook.secret).verify(got.body, got.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(previous).verify(got.body, got.headers as Record<string, string>)).not.toThrow();

    const expired = await aDelivery({ previousSecret: { secret: previous, expiresAt: new Date(Date.now() - 1_000) } });
    await handler().handle(expired.job(1));
    const after = received.at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(previous).verify(after.body, after.headers as Record<string, string>)).toThrow();
  });

  it('disables an endpoint that keeps failing past WEBHOOK_DISABLE_AFTER_MS, and then abandons its pending event deliveries but still sends test events', async () => {
    behaviour = (_req, res) => res.writeHead(500).end();
    const d = await aDelivery();
    await handler().handle(d.job(1));
    expect(await webhookRow(d.webhook.id)).toMatchObject({ enabled: true, disabled_reason: null });
    await db.dataSource.query(`UPDATE webhooks SET failing_since = now() - interval '2 minutes' WHERE id = $1`, [d.webhook.id]);
    await handler().handle(d.job(2));
    expect(await webhookRow(d.webhook.id)).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    expect((await webhookRow(d.webhook.id))['disabled_at']).toBeInstanceOf(Date);
    const before = received.length;
    expect(await handler().handle(d.job(3))).toEqual({ kind: 'abandoned' });
    expect(received).toHaveLength(before);
    expect(await delivery(d.id)).toMatchObject({ status: 'failed', attempts: 2 });

    // A test event (or a redelivery) asked for by an admin is still sent to the disabled endpoint.
    behaviour = (_req, res) => res.writeHead(200).end();
    const testId = newId('delivery');
    await db.dataSource.query(
      `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, next_attempt_at, origin)
       SELECT $1, workspace_id, webhook_id, $2, 'webhook.test', '{"type":"webhook.test"}', 'pending', now(), 'test' FROM webhook_deliveries WHERE id = $3`,
      [testId, newId('event'), d.id],
    );
    expect(await handler().handle({ deliveryId: testId, webhookId: d.webhook.id, attempt: 1 })).toEqual({ kind: 'succeeded' });
    expect(received).toHaveLength(before + 1);
    expect(await webhookRow(d.webhook.id)).toMatchObject({ enabled: false, disabled_reason: 'failing', failing_since: null });
  });

  it('honours Retry-After on 429 within the window', async () => {
    behaviour = (_req, res) => res.writeHead(429, { 'retry-after': '2' }).end();
    const d = await aDelivery();
    expect(await handler().handle(d.job(1))).toEqual({ kind: 'retrying', delayMs: 2_000 });
    const job = await queue.getJob(`${d.id}.2`);
    expect(job?.opts.delay).toBe(2_000);
  });

  it('disables the endpoint at once when it answers 410 Gone, without retrying, and abandons its other pending events', async () => {
    behaviour = (_req, res) => res.writeHead(410).end('gone');
    const d = await aDelivery();
    expect(await handler().handle(d.job(1))).toEqual({ kind: 'gone' });
    expect(await delivery(d.id)).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(await queue.getJob(`${d.id}.2`)).toBeUndefined();
    expect(await webhookRow(d.webhook.id)).toMatchObject({ enabled: false, disabled_reason: 'gone', failing_since: expect.any(Date), disabled_at: expect.any(Date) });

    const next = newId('delivery');
    await db.dataSource.query(
      `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, next_attempt_at)
       SELECT $1, workspace_id, webhook_id, $2, event_type, payload, 'pending', now() FROM webhook_deliveries WHERE id = $3`,
      [next, newId('event'), d.id],
    );
    const before = received.length;
    expect(await handler().handle({ deliveryId: next, webhookId: d.webhook.id, attempt: 1 })).toEqual({ kind: 'abandoned' });
    expect(received).toHaveLength(before);
  });

  it('keeps a rate-limited endpoint to its pace across replicas: later attempts wait their turn and send when they come back', async () => {
    behaviour = (_req, res) => res.writeHead(204).end();
    const first = await aDelivery({ ratePerSecond: 4 });
    const sameEndpoint = async () => {
      const id = newId('delivery');
      await db.dataSource.query(
        `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, next_attempt_at)
         SELECT $1, workspace_id, webhook_id, $2, event_type, payload, 'pending', now() FROM webhook_deliveries WHERE id = $3`,
        [id, newId('event'), first.id],
      );
      return { deliveryId: id, webhookId: first.webhook.id, attempt: 1 };
    };
    const otherReplica = new DeliveryAttemptHandler(db.dataSource, queue, sender, new EndpointPace(otherReplicaRedis, prefix), settings);
    const before = received.length;

    expect(await handler().handle(first.job(1))).toEqual({ kind: 'succeeded' });
    const second = await sameEndpoint();
    const third = await sameEndpoint();
    const waitOfSecond = await otherReplica.handle(second);
    const waitOfThird = await handler().handle(third);
    // 4 a second: one turn every 250 ms, whichever replica asks.
    expect(waitOfSecond).toEqual({ kind: 'paced', waitMs: expect.any(Number) });
    expect(waitOfThird).toEqual({ kind: 'paced', waitMs: expect.any(Number) });
    const [w2, w3] = [waitOfSecond, waitOfThird].map((r) => (r.kind === 'paced' ? r.waitMs : NaN)) as [number, number];
    expect(w2).toBeGreaterThan(150);
    expect(w2).toBeLessThanOrEqual(250);
    expect(w3 - w2).toBeGreaterThan(200);
    expect(w3 - w2).toBeLessThanOrEqual(260);
    expect(received).toHaveLength(before + 1);
    expect(await delivery(second.deliveryId)).toMatchObject({ status: 'pending', attempts: 0 });

    // Back from its wait with its turn reserved, the attempt is sent without reserving another.
    expect(await otherReplica.handle({ ...second, paced: true })).toEqual({ kind: 'succeeded' });
    expect(received).toHaveLength(before + 2);

    // An endpoint without a limit is never paced.
    const unlimited = await aDelivery();
    expect(await handler().handle(unlimited.job(1))).toEqual({ kind: 'succeeded' });
  });
});
