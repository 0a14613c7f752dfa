import type { TerminationReason, Visibility } from '@cs/domain';
import type { FolderKey, TagKey, UserKey, WorkspaceKey } from './demo-organisation.dataset';

/**
 * How a source of a demo conversation is made:
 * meeting = transcript recorded by the meeting bot (has meeting_url and calendar attendees);
 * recording = transcript of an uploaded audio file (no meeting_url, no attendees);
 * agenda / notes = markdown documents built from the summary sections; snippet = pasted text;
 * deck = uploaded file with extracted text; scan = uploaded file whose extraction failed (content null).
 */
export type SourceKind = 'meeting' | 'recording' | 'agenda' | 'notes' | 'snippet' | 'deck' | 'scan';

/** How processing ended: ready, still pending, a meeting-bot termination, or a failure without one. */
export type Outcome = 'ready' | 'pending' | TerminationReason | 'transcription_failed';

export type DemoLanguage = 'eng' | 'deu' | 'fra';

export interface SummarySection {
  heading: string;
  bullets: string[];
}

/** An occurrence. Its summary, digest and tag suggestions are the processor's own work, never written here. */
export interface MeetingInstance {
  title: string;
  /** A topic phrase, the focus line of the occurrence's agenda. */
  focus: string;
  outcome?: Outcome;
}

/** A recurring meeting (or notebook) and its occurrences; the planner expands it into conversations. */
export interface MeetingSeries {
  key: string;
  workspace: WorkspaceKey;
  owner: UserKey;
  folder: FolderKey | null;
  visibility: Visibility;
  /** Applied by people (origin user, accepted). */
  tags: TagKey[];
  sources: SourceKind[];
  language?: DemoLanguage;
  /** The two-hour planning meeting replaces the generic transcript generator. */
  transcript?: 'planning-offsite';
  durationMinutes: number;
  /** User-labelled names, or raw labels ("Speaker 3") for people nobody named. */
  speakers: string[];
  attendees: string[];
  hourUtc: number;
  firstDaysAgo: number;
  everyDays: number;
  /** Dialogue, spoken in turn by the speakers. */
  lines: string[];
  /** The topics the meetings cover (heading → points): the agenda and notes documents are made from them. */
  sections: SummarySection[];
  snippet?: string;
  fileTitle?: string;
  fileText?: string;
  scanTitle?: string;
  instances: MeetingInstance[];
}
