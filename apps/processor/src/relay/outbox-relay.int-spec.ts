import { randomBytes } from 'node:crypto';
import { requestProcessing } from '@cs/events';
import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import { loadProcessorConfig } from '../config/processor-config';
import { createProcessingQueue, type ProcessingQueue } from '../queue/processing-queue';
import { OutboxRelay } from './outbox-relay';

describe('OutboxRelay (real Postgres and Redis)', () => {
  let db: TestDatabase;
  let queue: ProcessingQueue;
  const config = loadProcessorConfig({ ...process.env, QUEUE_PREFIX: `relay-test-${randomBytes(4).toString('hex')}` });

  beforeAll(async () => {
    db = await createTestDatabase();
    queue = createProcessingQueue(config);
  });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await db.drop();
  });

  it('moves processing requests into the queue with deterministic job ids and marks them relayed; relaying again enqueues nothing new', async () => {
    const fixtures = new Fixtures(db.dataSource);
    const owner = await fixtures.member(await fixtures.workspace());
    const conversation = await fixtures.conversation(owner, { status: 'pending' });
    await db.dataSource.transaction((m) => requestProcessing(m, { id: conversation.id, workspaceId: owner.workspace.id }, 'req_1'));
    await db.dataSource.transaction((m) => requestProcessing(m, { id: conversation.id, workspaceId: owner.workspace.id }, 'req_2'));

    const relay = new OutboxRelay(db.dataSource, queue, config);
    expect(await relay.relayOnce()).toBe(2);
    expect(await relay.relayOnce()).toBe(0);
    const ids = (await queue.getJobs(['waiting', 'delayed', 'prioritized'])).map((job) => job.id).sort();
    expect(ids).toEqual([`${conversation.id}.1`, `${conversation.id}.2`]);
    const job = await queue.getJob(`${conversation.id}.2`);
    expect(job?.data).toEqual({ conversationId: conversation.id, workspaceId: owner.workspace.id, generation: 2, requestId: 'req_2' });
    expect(job?.opts.attempts).toBe(config.PROCESSING_ATTEMPTS);

    // A crash between the queue accepting the jobs and the rows being marked relayed means relaying them again.
    await db.dataSource.query(`UPDATE outbox SET relayed_at = NULL`);
    expect(await relay.relayOnce()).toBe(2);
    expect(await queue.count()).toBe(2);
  });
});
