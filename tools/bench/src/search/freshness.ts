import { randomBytes } from 'node:crypto';
import type { Principal } from '@cs/domain';
import { ExtractiveSummarizer, processConversation, ProcessingStore } from '@cs/processing';
import { createDataSource } from '@cs/persistence';
import { Writes } from '@cs/writes';

export interface FreshnessSample {
  conversationId: string;
  /** Milliseconds from the commit that made the conversation ready to the first /search answer that held it. */
  readyToSearchableMs: number;
  /** /search requests made until it appeared (1: the first one after the commit already held it). */
  polls: number;
}

export interface FreshnessFigures {
  samples: FreshnessSample[];
  /** Samples that did not appear within the time limit. */
  missing: number;
  timeoutMs: number;
}

/** A word no meeting holds, so a search for it finds the new conversation and nothing else. */
const probeWord = (): string => `zqprobe${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/**
 * The time from `ready` to searchable, as the product makes a conversation ready: a transcript conversation created
 * by @cs/writes (as POST /api/v1/conversations does: pending, with its processing request in the outbox), then
 * processed as the processor's worker does it (ProcessingStore.load, processConversation of @cs/processing,
 * ProcessingStore.saveReady, which commits `ready` and its search passages), then /search asked through the api,
 * one request after the other, until the conversation is among the hits. Each probe conversation is deleted
 * afterwards (through @cs/writes), so the corpus stays as generated.
 */
export async function measureFreshness(options: {
  databaseUrl: string;
  apiBaseUrl: string;
  apiKey: string;
  principal: Principal;
  samples: number;
  timeoutMs?: number;
}): Promise<FreshnessFigures> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const dataSource = createDataSource({ url: options.databaseUrl, poolSize: 2, applicationName: 'bench-freshness' });
  await dataSource.initialize();
  const writes = new Writes(dataSource);
  const store = new ProcessingStore(dataSource);
  const summarizer = new ExtractiveSummarizer();
  const request = (method: string, path: string) => ({ principal: options.principal, requestId: null, method, path });
  const samples: FreshnessSample[] = [];
  let missing = 0;
  try {
    for (let i = 0; i < options.samples; i++) {
      const word = probeWord();
      const created = await writes.createConversation(request('POST', '/api/v1/conversations'), {
        title: `Freshness probe ${i + 1}`,
        visibility: 'workspace',
        sources: [
          {
            type: 'transcript',
            language: 'eng',
            segments: [
              { speaker: 'Speaker 1', start_seconds: 0, end_seconds: 4, text: `We agreed on the ${word} plan for the launch.` },
              { speaker: 'Speaker 2', start_seconds: 4, end_seconds: 9, text: 'Then the budget review follows next week.' },
            ],
          },
        ],
      });
      const id = (created.body as { id: string }).id;
      try {
        const [row] = await dataSource.query<Array<{ processing_generation: number }>>(`SELECT processing_generation FROM conversations WHERE id = $1`, [id]);
        const generation = row?.processing_generation ?? 0;
        const conversation = await store.load(id, generation);
        if (!conversation) throw new Error(`probe ${id} was not pending at generation ${generation}`);
        const result = await processConversation(conversation, summarizer);
        if (!(await store.saveReady(id, generation, result, null))) throw new Error(`probe ${id}: saveReady found the job stale`);
        const readyAt = performance.now();
        let polls = 0;
        let found = false;
        while (performance.now() - readyAt < timeoutMs) {
          polls++;
          const response = await fetch(`${options.apiBaseUrl}/api/v1/search?q=${word}`, { headers: { authorization: `Bearer ${options.apiKey}` } });
          if (response.status !== 200) throw new Error(`/search answered ${response.status}: ${await response.text()}`);
          const page = (await response.json()) as { data: Array<{ conversation: { id: string } }> };
          if (page.data.some((hit) => hit.conversation.id === id)) {
            found = true;
            break;
          }
        }
        if (found) samples.push({ conversationId: id, readyToSearchableMs: performance.now() - readyAt, polls });
        else missing++;
      } finally {
        await writes.deleteConversation(request('DELETE', `/api/v1/conversations/${id}`), id);
      }
    }
  } finally {
    await dataSource.destroy();
  }
  return { samples, missing, timeoutMs };
}
