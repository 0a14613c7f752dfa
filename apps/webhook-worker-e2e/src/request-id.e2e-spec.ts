import { randomBytes } from 'node:crypto';
import { WebhookReceiver } from './support/webhook-receiver';
import { useWebhookStack } from './support/webhook-stack';

// Debug level: a successful attempt is logged at debug (at thousands a second, info would flood the logs).
const stack = useWebhookStack({ workerEnv: { LOG_LEVEL: 'debug' } });
const receiver = new WebhookReceiver();

beforeAll(() => receiver.start());
afterAll(() => receiver.close());

/** The worker's pino JSON lines (stdout), parsed; anything else it printed is skipped. */
function jsonLines(output: string): Array<Record<string, unknown>> {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe('request ids from the api through the outbox into the webhook worker', () => {
  it("logs the delivery of a conversation.ready with the X-Request-Id of the POST that created the conversation", async () => {
    const worker = await stack.startWorker();
    const writer = await stack.writer();
    const sub = await stack.subscribe(writer, { url: `${receiver.url}/traced`, events: ['conversation.ready'] });
    const requestId = `e2e-trace-${randomBytes(6).toString('hex')}`;
    const created = await writer.client.request<{ id: string }>('POST', '/api/v1/conversations', {
      headers: { 'X-Request-Id': requestId },
      json: { title: 'Traced', sources: [{ type: 'text', content: 'A short note about the quarterly planning session and its outcomes.' }] },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe(requestId);

    await receiver.waitFor('/traced', (r) => r.length >= 1);
    const [delivery] = await stack.eventually(() => stack.deliveries(sub.id), (d) => d[0]?.status === 'succeeded');
    // The processor's conversation.ready event carries the request id of the write that started the processing.
    const [event] = (await stack.db.dataSource.query(`SELECT type, request_id FROM outbox WHERE id = $1`, [delivery!.event_id])) as Array<{ type: string; request_id: string | null }>;
    expect(event).toEqual({ type: 'conversation.ready', request_id: requestId });

    const line = await stack.eventually(
      async () => jsonLines(worker.output()).find((l) => l['deliveryId'] === delivery!.id),
      (l) => l !== undefined,
      10_000,
    );
    expect(line).toMatchObject({ requestId, webhookId: sub.id, attempt: 1, outcome: 'succeeded' });
  });
});
