import { newId } from '@cs/domain';
import type { Tx } from '../tx';
import type { SourceInput } from './conversation-input.schema';

/** An uploaded file, already checked against its declared type (see the upload limits). */
export interface UploadInput {
  type: 'file';
  title: string | null;
  name: string;
  kind: string;
  bytes: Buffer;
}

/**
 * Stores sources as given; content, participants, language and duration are filled in by processing.
 * Positions continue after the conversation's existing sources.
 */
export async function insertSources(
  tx: Tx,
  conversation: { id: string; workspaceId: string },
  inputs: ReadonlyArray<SourceInput | UploadInput>,
  now: Date,
): Promise<void> {
  const [{ next } = { next: 0 }] = await tx.query<{ next: number }>(
    `SELECT COALESCE(max(position) + 1, 0)::int AS next FROM sources WHERE conversation_id = $1`,
    [conversation.id],
  );
  for (const [offset, input] of inputs.entries()) {
    const base = [newId('source', now), conversation.id, conversation.workspaceId, input.type, next + offset, input.title ?? null, now];
    if (input.type === 'file') {
      await tx.query(
        `INSERT INTO sources (id, conversation_id, workspace_id, type, position, title, added_at, upload, upload_name, upload_kind)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [...base, input.bytes, input.name, input.kind],
      );
    } else if (input.type === 'transcript') {
      const { segments, speaker_names, language } = input;
      await tx.query(
        `INSERT INTO sources (id, conversation_id, workspace_id, type, position, title, added_at, meeting_url, attendees, duration_seconds, input)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [...base, input.meeting_url ?? null, input.attendees ?? [], input.duration_seconds ?? null, { segments, speaker_names: speaker_names ?? {}, language: language ?? null }],
      );
    } else {
      await tx.query(
        `INSERT INTO sources (id, conversation_id, workspace_id, type, position, title, added_at, input) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [...base, { content: input.content }],
      );
    }
  }
}
