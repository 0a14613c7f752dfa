import type { ConversationStatus, TagOrigin, TerminationReason, Visibility } from '@cs/domain';
import type { SourceRow } from '@cs/testing';
import type { FolderKey, TagKey, UserKey, WorkspaceKey } from './demo-organisation.dataset';

/**
 * A source row as the writer inserts it, but for what the writer assigns (ids, position, times). `content` is set only
 * when nothing will process the source (a failed transcription, never processed); `input` is what the API stores for
 * processing (a transcript's segments, a document's or a text's content).
 */
export type PlannedSource = Pick<SourceRow, 'type' | 'title' | 'durationSeconds' | 'language' | 'meetingUrl' | 'attendees' | 'participants' | 'content' | 'input'> & {
  /** An uploaded file's bytes and kind (`txt`, `pdf`…); null for other sources and for a scan nothing can be read from. */
  upload: Buffer | null;
  uploadKind: string | null;
};

export interface PlannedTag {
  tag: TagKey;
  origin: TagOrigin;
  accepted: boolean;
}

/** One conversation row with its sources and tags, keyed by dataset keys; the writer assigns ids. */
export interface PlannedConversation {
  key: string;
  workspace: WorkspaceKey;
  owner: UserKey;
  folder: FolderKey | null;
  title: string;
  visibility: Visibility;
  status: ConversationStatus;
  terminationReason: TerminationReason | null;
  errorReason: string | null;
  /**
   * Sent to the processor when seeded (seeded pending, with a processing job): its summary, digest, participants,
   * language and tag suggestions are then the product's own work. The failed ones stay as they ended.
   */
  process: boolean;
  createdAt: Date;
  updatedAt: Date;
  sources: PlannedSource[];
  tags: PlannedTag[];
}
