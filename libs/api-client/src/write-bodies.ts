/** Request bodies of the write API (docs/api.md "Write API"); the OpenAPI document holds their limits. */

export interface TranscriptSegmentBody {
  speaker: string;
  start_seconds: number;
  end_seconds: number;
  text: string;
}

export type SourceBody =
  | {
      type: 'transcript';
      title?: string | null;
      segments: TranscriptSegmentBody[];
      speaker_names?: Record<string, string>;
      language?: string;
      meeting_url?: string | null;
      attendees?: string[];
      duration_seconds?: number;
    }
  | { type: 'document'; title?: string | null; content: string }
  | { type: 'text'; title?: string | null; content: string };

export interface CreateConversationBody {
  title?: string | null;
  folder_id?: string | null;
  visibility?: 'private' | 'workspace';
  tag_ids?: string[];
  started_at?: string;
  sources: SourceBody[];
}

export interface UpdateConversationBody {
  title?: string | null;
  folder_id?: string | null;
  visibility?: 'private' | 'workspace';
}

export interface CreateFolderBody {
  name: string;
  parent_id?: string | null;
  visibility?: 'private' | 'workspace';
}

export type UpdateFolderBody = Partial<CreateFolderBody>;

export interface CreateTagBody {
  name: string;
  color?: string | null;
  description?: string | null;
}

export type UpdateTagBody = Partial<CreateTagBody>;

export interface CreateBotBody {
  meeting_url: string;
  title?: string | null;
  join_at?: string;
  folder_id?: string | null;
}
