import { type CorpusMeeting, timedTurns } from '@cs/meeting-corpus';
import type { RowQueryable } from '@cs/persistence';
import { storedStarts } from './answer-windows';

/**
 * Passage@5 compares stored start seconds with windows computed from the corpus (answer-windows.ts), which
 * assumes how the renderer and the indexing stamp a turn. This checks the assumption on what is stored: the
 * distinct start seconds of each meeting's transcript passages must be exactly those storedStarts predicts.
 * Returns the meetings where they differ (none when the assumption holds).
 */
export async function meetingsWithUnexpectedStarts(
  db: RowQueryable,
  workspaceId: string,
  meetings: readonly CorpusMeeting[],
  conversations: Readonly<Record<string, string>>,
): Promise<string[]> {
  const rows = await db.query<{ conversation_id: string; starts: number[] }>(
    `SELECT conversation_id, array_agg(DISTINCT start_seconds ORDER BY start_seconds) AS starts
     FROM search_passages WHERE workspace_id = $1 AND field = 'content' GROUP BY conversation_id`,
    [workspaceId],
  );
  const stored = new Map(rows.map((r) => [r.conversation_id, r.starts.join(',')]));
  return meetings.flatMap((meeting) => {
    const expected = [...new Set(storedStarts(timedTurns(meeting)))].sort((a, b) => a - b).join(',');
    const id = conversations[meeting.id];
    return id !== undefined && stored.get(id) === expected ? [] : [meeting.id];
  });
}
