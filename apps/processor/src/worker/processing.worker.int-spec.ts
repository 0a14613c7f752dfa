import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProcessConversationJob } from '@cs/events';
import { OpenAiCompatibleSummarizer, ProcessingStore } from '@cs/processing';
import { createTestDatabase, Fixtures, NetworkInTransactionGuard, principalOf, type TestDatabase } from '@cs/testing';
import { Writes } from '@cs/writes';
import type { Job } from 'bullmq';
import { loadProcessorConfig } from '../config/processor-config';
import { ProcessingWorker } from './processing.worker';

/*
 * A job calls its summarizer (an LLM over HTTP) with no transaction open: it loads, summarises, then writes the
 * outcome in a transaction of its own (docs/architecture.md "No transaction across the network").
 */
describe('processing a conversation with an LLM over HTTP', () => {
  let db: TestDatabase;
  let llm: Server;
  let calls = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    // An LLM server that is down: the job's one attempt fails, and the conversation is ended in `error`.
    llm = createServer((_req, res) => {
      calls++;
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'down', type: 'server_error', param: null, code: null } }));
    });
    llm.listen(0, '127.0.0.1');
    await once(llm, 'listening');
  });
  afterAll(async () => {
    llm?.close();
    await db?.drop();
  });

  it('starts no HTTP call inside a transaction, and records the outcome after it', async () => {
    const f = new Fixtures(db.dataSource);
    const owner = await f.member(await f.workspace());
    const text = 'We agreed to ship the pricing page on Friday and to review the onboarding emails next week. '.repeat(20);
    const created = await new Writes(db.dataSource).createConversation(
      { principal: principalOf(owner), requestId: null, method: 'POST', path: '/api/v1/conversations' },
      { title: 'Pricing', sources: [{ type: 'text', content: text }] },
    );
    const conversation = created.body as { id: string };
    const summarizer = new OpenAiCompatibleSummarizer({ baseUrl: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`, model: 'test', maxRetries: 0 });
    const worker = new ProcessingWorker(new ProcessingStore(db.dataSource), summarizer, loadProcessorConfig({ DATABASE_URL: db.url }));
    const job = { id: 'job-1', data: { conversationId: conversation.id, workspaceId: owner.workspace.id, generation: 1, requestId: null }, attemptsMade: 0, opts: { attempts: 1 } };
    const guard = new NetworkInTransactionGuard([db.dataSource]).start();
    try {
      expect(await worker.handle(job as unknown as Job<ProcessConversationJob>)).toBe('failed');
    } finally {
      guard.stop();
    }
    expect(calls).toBeGreaterThan(0);
    guard.assertNone();
    const [row] = (await db.dataSource.query(`SELECT status FROM conversations WHERE id = $1`, [conversation.id])) as Array<{ status: string }>;
    expect(row?.status).toBe('error');
  });
});
