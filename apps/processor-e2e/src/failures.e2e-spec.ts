import { ChatCompletionsServer } from './support/chat-completions-server';
import { useProcessingStack } from './support/processing-stack';

// Every replica of a queue must share its lock settings: the stalled-job check is coordinated through Redis at the
// interval of whichever worker ran it last. A short lock lets a killed worker's job move on within the test.
const stack = useProcessingStack({ processorEnv: { PROCESSING_LOCK_MS: '1500' } });
const model = new ChatCompletionsServer();
const TEXT = 'We reviewed the onboarding funnel and agreed to shorten the signup form to three fields before the next release.';

const llmEnv = () => ({ SUMMARIZER: 'openai', LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '10000' });

beforeAll(() => model.start());
afterAll(() => model.close());

describe('processing failures and crashes', () => {
  it('retries a failing summarizer, then ends the conversation in error with summarization_failed and a conversation.failed event', async () => {
    const processor = await stack.startProcessor({ ...llmEnv(), PROCESSING_ATTEMPTS: '3' });
    try {
      model.behave({ kind: 'error', status: 500, type: 'server_error', message: 'The server had an error while processing your request.' });
      const { client } = await stack.writer();
      const before = model.requests.length;
      const created = await client.createConversation({ title: 'Flaky model', sources: [{ type: 'text', content: TEXT }] });
      const done = await stack.settled(client, created.id, 60_000);
      expect(done).toMatchObject({ status: 'error', termination_reason: null });
      // Three attempts of the job; the summarizer retries 5xx within each attempt too, so at least three calls.
      expect(model.requests.length - before).toBeGreaterThanOrEqual(3);
      const events = (await stack.outbox(created.id)).filter((row) => row.topic === 'event' && row.type !== 'conversation.created');
      expect(events.map((e) => e.payload)).toEqual([
        expect.objectContaining({ type: 'conversation.failed', data: expect.objectContaining({ id: created.id, status: 'error', error_reason: 'summarization_failed' }) }),
      ]);
    } finally {
      await processor.stop();
    }
  });

  it('does not retry what cannot work: a rejected API key ends the conversation in error at the first attempt', async () => {
    const processor = await stack.startProcessor({ ...llmEnv(), PROCESSING_ATTEMPTS: '5' });
    try {
      model.behave({ kind: 'error', status: 401, type: 'invalid_request_error', message: 'Incorrect API key provided.' });
      const { client } = await stack.writer();
      const before = model.requests.length;
      const created = await client.createConversation({ sources: [{ type: 'text', content: TEXT }] });
      expect((await stack.settled(client, created.id)).status).toBe('error');
      expect(model.requests.length - before).toBe(1);
    } finally {
      await processor.stop();
    }
  });

  it('finishes a conversation whose processor was killed mid-job: another replica takes the job over', async () => {
    const first = await stack.startProcessor(llmEnv());
    model.behave({ kind: 'answer', summary: 'Overview.\n\n## Signup\n- Three fields.', digest: 'Signup form shortened', delayMs: 60_000 });
    const { client } = await stack.writer();
    const before = model.requests.length;
    const created = await client.createConversation({ sources: [{ type: 'text', content: TEXT }] });
    await model.received(before + 1); // the job is in the middle of its summarizer call
    process.kill(first.pid!, 'SIGKILL');
    await first.stop();

    model.behave({ kind: 'answer', summary: 'Overview.\n\n## Signup\n- Three fields.', digest: 'Signup form shortened' });
    const second = await stack.startProcessor(llmEnv());
    try {
      const done = await stack.settled(client, created.id, 30_000);
      expect(done).toMatchObject({ status: 'ready', digest: 'Signup form shortened', summary: 'Overview.\n\n## Signup\n- Three fields.' });
      expect((await stack.outbox(created.id)).filter((row) => row.type === 'conversation.ready')).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('re-enqueues pending work whose job was lost (Redis restarted without its data), so nothing stays pending', async () => {
    // No processor runs while the conversation is written; its processing request is then marked relayed, as if
    // the relay had handed it to a Redis that lost it.
    const { client } = await stack.writer();
    const created = await client.createConversation({ sources: [{ type: 'text', content: TEXT }] });
    await stack.db.dataSource.query(`UPDATE outbox SET relayed_at = now() WHERE payload->>'conversationId' = $1`, [created.id]);
    await stack.db.dataSource.query(`UPDATE conversations SET processing_requested_at = now() - interval '10 minutes' WHERE id = $1`, [created.id]);
    const processor = await stack.startProcessor({ SWEEP_INTERVAL_MS: '200', STALE_AFTER_MS: '1000' });
    try {
      const done = await stack.settled(client, created.id, 30_000);
      expect(done.status).toBe('ready');
    } finally {
      await processor.stop();
    }
  });
});
