import { randomBytes } from 'node:crypto';
import type { ApiClient } from '@cs/api-client';
import type { Conversation } from '@cs/domain';
import { ApiStack, pollUntil, type TestAppProcess } from '@cs/testing';

export type { Writer } from '@cs/testing';

interface ProcessingStackOptions {
  /** On top of the stack's environment, for the api and every processor. */
  env?: Record<string, string>;
  processorEnv?: Record<string, string>;
}

/**
 * Per test file: a database of its own, the built api, and processors started on demand with a queue prefix of
 * their own (so test files never share queues in the shared Redis). Registers beforeAll/afterAll hooks.
 */
export class ProcessingStack extends ApiStack {
  private readonly queuePrefix = `e2e-${randomBytes(4).toString('hex')}`;

  constructor(private readonly options: ProcessingStackOptions = {}) {
    super();
    beforeAll(() => this.startApi({ CURSOR_SECRET: 'processor-e2e-cursor-secret-0123456789abcdefghij' }), 120_000);
  }

  override env(): Record<string, string> {
    return { ...super.env(), ...this.options.env };
  }

  /** Starts a processor replica (env on top of the stack's); stopped in afterAll unless stopped before. */
  startProcessor(env: Record<string, string> = {}): Promise<TestAppProcess> {
    return this.start('processor', {
      env: { QUEUE_PREFIX: this.queuePrefix, OUTBOX_RELAY_INTERVAL_MS: '100', PROCESSING_BACKOFF_MS: '200', ...this.options.processorEnv, ...env },
    });
  }

  /** Polls until the conversation is no longer pending (or the timeout passes) and returns it. */
  settled(client: ApiClient, id: string, timeoutMs = 30_000): Promise<Conversation> {
    return pollUntil(() => client.getConversation(id), (conversation) => conversation.status !== 'pending', timeoutMs);
  }

  /** The outbox rows of one conversation, oldest first. */
  outbox(conversationId: string): Promise<Array<{ topic: string; type: string; payload: Record<string, unknown>; audience: Record<string, unknown> | null; relayed_at: Date | null }>> {
    return this.db.dataSource.query(
      `SELECT topic, type, payload, audience, relayed_at FROM outbox WHERE payload->>'conversationId' = $1 OR payload->'data'->>'id' = $1 ORDER BY created_at, id`,
      [conversationId],
    );
  }
}

export const useProcessingStack = (options?: ProcessingStackOptions): ProcessingStack => new ProcessingStack(options);
