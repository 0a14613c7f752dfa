import type { SourceType } from '@cs/domain';
import type { TagCandidate } from '../tags/suggest-tags';

/** A source as processing reads it: its stored input (the API's JSON payload) or uploaded bytes. */
export interface SourceToProcess {
  id: string;
  type: SourceType;
  title: string | null;
  input: Record<string, unknown> | null;
  upload: Buffer | null;
  upload_kind: string | null;
  duration_seconds: number | null;
}

/** A pending conversation at one processing generation, with the workspace's tags to suggest from. */
export interface ConversationToProcess {
  id: string;
  workspace_id: string;
  title: string | null;
  sources: SourceToProcess[];
  tags: TagCandidate[];
}

export interface ProcessedSource {
  id: string;
  content: string | null;
  participants: string[];
  language: string | null;
  durationSeconds: number | null;
}

/** A topical section of the summary and where in the conversation it starts (the benchmark compares these with human topics). */
export interface ProcessedSection {
  heading: string;
  source_id: string;
  start_seconds: number | null;
}

/** An action item of the summary and where it was said (spec: the retrieve response's `action_items`). */
export interface ProcessedActionItem {
  text: string;
  owner: string | null;
  due: string | null;
  source_id: string;
  start_seconds: number | null;
}

/** Everything processing writes back: per source, and for the conversation. */
export interface ProcessingResult {
  sources: ProcessedSource[];
  summary: string | null;
  digest: string | null;
  sections: ProcessedSection[];
  actionItems: ProcessedActionItem[];
  suggestedTagIds: string[];
}
