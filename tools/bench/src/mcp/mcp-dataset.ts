import { newId } from '@cs/domain';
import { ConversationEntity, createDataSource, SourceEntity } from '@cs/persistence';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

export interface McpDataset {
  conversations: number;
  /** A conversation of typical size to retrieve: a one-hour transcript and a notes document. */
  sampleId: string;
  seconds: number;
}

const SPEAKERS = ['Ada', 'Grace', 'Speaker 3', 'Linus'];

/** A one-hour meeting: a segment every 20 seconds, about 180 lines and 20 kB of text. */
function transcript(seed: number): string {
  const lines: string[] = [];
  for (let s = 0; s < 3600; s += 20) {
    const hh = String(Math.floor(s / 3600)).padStart(2, '0');
    const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
    const ss = String(s % 60).padStart(2, '0');
    lines.push(`[${hh}:${mm}:${ss}] ${SPEAKERS[(s / 20 + seed) % SPEAKERS.length]}: We went through item ${s / 20} of the plan and agreed on the next step for release ${seed % 7}.`);
  }
  return lines.join('\n');
}

/**
 * The workspace's conversations for the mcp benchmark: `count` ready conversations of the admin, each with a
 * one-hour transcript and a document, created a minute apart (newest first is the list order).
 */
export async function seedMcpDataset(url: string, workspaceId: string, ownerId: string, count: number): Promise<McpDataset> {
  const started = Date.now();
  const ds = createDataSource({ url, poolSize: 2, applicationName: 'bench' });
  await ds.initialize();
  try {
    const base = Date.now() - count * 60_000;
    let sampleId = '';
    for (let offset = 0; offset < count; offset += 200) {
      const conversations: QueryDeepPartialEntity<ConversationEntity>[] = [];
      const sources: QueryDeepPartialEntity<SourceEntity>[] = [];
      for (let i = offset; i < Math.min(count, offset + 200); i++) {
        const createdAt = new Date(base + i * 60_000);
        const id = newId('conversation', createdAt);
        if (i === Math.floor(count / 2)) sampleId = id;
        conversations.push({
          id,
          workspaceId,
          ownerId,
          folderId: null,
          title: `Release sync ${i}`,
          status: 'ready',
          terminationReason: null,
          errorReason: null,
          visibility: 'workspace',
          digest: `Release ${i % 7}: scope agreed, two risks, owners named.`,
          summary: `Release ${i % 7} planning.\n\n## Decisions\n- Ship the beta on Tuesday.\n- Freeze scope.\n\n## Risks\n- Load testing\n- Docs`,
          createdAt,
          updatedAt: createdAt,
        });
        sources.push(
          {
            id: newId('source', createdAt),
            conversationId: id,
            workspaceId,
            type: 'transcript',
            position: 0,
            title: 'Meeting recording',
            addedAt: createdAt,
            durationSeconds: 3600,
            language: 'eng',
            meetingUrl: 'https://meet.example.test/abc-defg-hij',
            attendees: ['ada@example.test', 'grace@example.test'],
            participants: SPEAKERS,
            content: transcript(i),
          },
          {
            id: newId('source', createdAt),
            conversationId: id,
            workspaceId,
            type: 'document',
            position: 1,
            title: 'Agenda',
            addedAt: createdAt,
            durationSeconds: null,
            language: null,
            meetingUrl: null,
            attendees: [],
            participants: [],
            content: '# Agenda\n\n1. Scope\n2. Risks\n3. Owners',
          },
        );
      }
      await ds.getRepository(ConversationEntity).insert(conversations);
      await ds.getRepository(SourceEntity).insert(sources);
    }
    await ds.query('ANALYZE conversations; ANALYZE sources');
    return { conversations: count, sampleId, seconds: (Date.now() - started) / 1000 };
  } finally {
    await ds.destroy();
  }
}
