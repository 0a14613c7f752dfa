import { newId } from '@cs/domain';
import { createDataSource, insertRows } from '@cs/persistence';

export interface McpDataset {
  conversations: number;
  /** A conversation of typical size to retrieve: a one-hour transcript and a notes document. */
  sampleId: string;
  seconds: number;
}

const CONVERSATION_COLUMNS = ['id', 'workspace_id', 'owner_id', 'folder_id', 'title', 'status', 'visibility', 'digest', 'summary', 'created_at', 'updated_at'];
const SOURCE_COLUMNS = [
  'id', 'conversation_id', 'workspace_id', 'type', 'position', 'title', 'added_at', 'duration_seconds', 'language', 'meeting_url', 'attendees',
  'participants', 'content',
];

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
      const conversations: unknown[][] = [];
      const sources: unknown[][] = [];
      for (let i = offset; i < Math.min(count, offset + 200); i++) {
        const createdAt = new Date(base + i * 60_000);
        const id = newId('conversation', createdAt);
        if (i === Math.floor(count / 2)) sampleId = id;
        const digest = `Release ${i % 7}: scope agreed, two risks, owners named.`;
        const summary = `Release ${i % 7} planning.\n\n## Decisions\n- Ship the beta on Tuesday.\n- Freeze scope.\n\n## Risks\n- Load testing\n- Docs`;
        conversations.push([id, workspaceId, ownerId, null, `Release sync ${i}`, 'ready', 'workspace', digest, summary, createdAt, createdAt]);
        sources.push(
          [
            newId('source', createdAt), id, workspaceId, 'transcript', 0, 'Meeting recording', createdAt, 3600, 'eng', 'https://meet.example.test/abc-defg-hij',
            ['ada@example.test', 'grace@example.test'], SPEAKERS, transcript(i),
          ],
          [newId('source', createdAt), id, workspaceId, 'document', 1, 'Agenda', createdAt, null, null, null, [], [], '# Agenda\n\n1. Scope\n2. Risks\n3. Owners'],
        );
      }
      await insertRows(ds, 'conversations', CONVERSATION_COLUMNS, conversations);
      await insertRows(ds, 'sources', SOURCE_COLUMNS, sources);
    }
    await ds.query('ANALYZE conversations; ANALYZE sources');
    return { conversations: count, sampleId, seconds: (Date.now() - started) / 1000 };
  } finally {
    await ds.destroy();
  }
}
