import type { SourceBody } from '@cs/api-client';
import type { TestDatabase } from '@cs/testing';
import type { World } from './api-environment';
import { failure } from './listing';

/** A small valid transcript source; `over` replaces any of its fields. */
export function transcript(over: Partial<Extract<SourceBody, { type: 'transcript' }>> = {}): SourceBody {
  return {
    type: 'transcript',
    segments: [
      { speaker: 'Speaker 1', start_seconds: 0, end_seconds: 4.5, text: 'Shall we ship on Friday?' },
      { speaker: 'Speaker 2', start_seconds: 5, end_seconds: 9, text: 'Yes, once the migration is done.' },
    ],
    ...over,
  };
}

/** What a workspace holds, row by row: a write that failed must leave every count as it was. */
export interface WorkspaceRows {
  conversations: number;
  sources: number;
  conversationTags: number;
  folders: number;
  tags: number;
  outbox: number;
  idempotencyKeys: number;
}

export async function workspaceRows(db: TestDatabase, workspaceId: string): Promise<WorkspaceRows> {
  const [row] = await db.dataSource.query<WorkspaceRows[]>(
    `SELECT (SELECT count(*)::int FROM conversations WHERE workspace_id = $1) AS "conversations",
            (SELECT count(*)::int FROM sources WHERE workspace_id = $1) AS "sources",
            (SELECT count(*)::int FROM conversation_tags WHERE workspace_id = $1) AS "conversationTags",
            (SELECT count(*)::int FROM folders WHERE workspace_id = $1) AS "folders",
            (SELECT count(*)::int FROM tags WHERE workspace_id = $1) AS "tags",
            (SELECT count(*)::int FROM outbox WHERE workspace_id = $1) AS "outbox",
            (SELECT count(*)::int FROM idempotency_keys WHERE workspace_id = $1) AS "idempotencyKeys"`,
    [workspaceId],
  );
  if (!row) throw new Error('the count query returned no row');
  return row;
}

export interface OutboxRow {
  id: string;
  topic: string;
  type: string;
  payload: Record<string, unknown>;
  request_id: string | null;
  created_at: Date;
}

/** The workspace's outbox rows, oldest first. */
export async function outboxRows(db: TestDatabase, workspaceId: string): Promise<OutboxRow[]> {
  return db.dataSource.query<OutboxRow[]>(
    `SELECT id, topic, type, payload, request_id, created_at FROM outbox WHERE workspace_id = $1 ORDER BY created_at, id`,
    [workspaceId],
  );
}

/** One stored conversation row, with the columns the API does not show. */
export async function conversationRow(
  db: TestDatabase,
  id: string,
): Promise<{ owner_id: string; visibility: string; status: string; started_at: Date | null; folder_id: string | null; processing_generation: number } | undefined> {
  const [row] = await db.dataSource.query(
    `SELECT owner_id, visibility, status, started_at, folder_id, processing_generation FROM conversations WHERE id = $1`,
    [id],
  );
  return row;
}

let keys = 0;
/** An Idempotency-Key unique to this run. */
export const idempotencyKey = (label = 'key'): string => `${label}-${process.pid}-${Date.now().toString(36)}-${++keys}`;

/** Runs a write that must fail and checks that nothing of the workspace changed; returns the problem document. */
export async function rejectedWithoutTrace(db: TestDatabase, world: World, call: Promise<unknown>) {
  const before = await workspaceRows(db, world.workspace.id);
  const error = await failure(call);
  expect(await workspaceRows(db, world.workspace.id)).toEqual(before);
  return error.problem;
}
