import type { SourceType } from '@cs/domain';
import { ACME_CUSTOMER_MEETINGS } from './acme-customer-meetings.dataset';
import { ACME_PEOPLE_MEETINGS } from './acme-people-meetings.dataset';
import { ACME_PRODUCT_MEETINGS } from './acme-product-meetings.dataset';
import { planCorpusConversations } from './corpus-meetings.dataset';
import { GLOBEX_MEETINGS } from './globex-meetings.dataset';
import type { MeetingInstance, MeetingSeries, Outcome, SourceKind } from './meeting-series.model';
import type { PlannedConversation, PlannedSource, PlannedTag } from './planned-conversation.model';
import { generatePlanningMeeting, PLANNING_MEETING_SECONDS } from './planning-meeting.generator';
import { SeededRandom } from './seeded-random';
import { buildAgenda, buildNotes } from './meeting-documents.generator';
import { generateMeetingTranscript, type TranscriptSegment } from './transcript.generator';

export const DEMO_SERIES: readonly MeetingSeries[] = [...ACME_PRODUCT_MEETINGS, ...ACME_CUSTOMER_MEETINGS, ...ACME_PEOPLE_MEETINGS, ...GLOBEX_MEETINGS];

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Expands the meeting series into conversations dated relative to `now`. Content is deterministic
 * (seeded by series and occurrence); created_at values are distinct because each carries its global
 * index as its millisecond part.
 */
export function planDemoConversations(now: Date): PlannedConversation[] {
  const planned: PlannedConversation[] = [];
  let pendingCount = 0;
  for (const series of DEMO_SERIES) {
    const meetingUrl = meetingUrlFor(series);
    series.instances.forEach((instance, occurrence) => {
      const random = new SeededRandom(`${series.key}#${occurrence}`);
      const outcome: Outcome = instance.outcome ?? 'ready';
      const uniqueMs = planned.length;
      const createdAt =
        outcome === 'pending'
          ? new Date(Math.floor((now.getTime() - ++pendingCount * 53 * MINUTE) / 1000) * 1000 + uniqueMs)
          : occurrenceTime(now, series.firstDaysAgo - occurrence * series.everyDays, series.hourUtc, random, uniqueMs);
      const sources = series.sources.flatMap((kind) => planSource(kind, series, instance, occurrence, outcome, meetingUrl, random));
      const longest = Math.max(0, ...sources.map((s) => s.durationSeconds ?? 0));
      planned.push({
        key: `${series.key}#${occurrence}`,
        workspace: series.workspace,
        owner: series.owner,
        folder: series.folder,
        title: instance.title,
        visibility: series.visibility,
        status: outcome === 'ready' || outcome === 'pending' ? 'pending' : 'error',
        terminationReason: outcome === 'ready' || outcome === 'pending' || outcome === 'transcription_failed' ? null : outcome,
        errorReason: errorReasonOf(outcome),
        process: outcome === 'ready' || outcome === 'pending',
        createdAt,
        // A failure is recorded a few minutes after the recording ends; the others change when processed.
        updatedAt: outcome === 'pending' ? createdAt : new Date(createdAt.getTime() + longest * 1000 + random.int(1, 5) * MINUTE),
        sources,
        tags: planTags(series),
      });
    });
  }
  return [...planned, ...planCorpusConversations(now, planned.length)];
}

function errorReasonOf(outcome: Outcome): string | null {
  if (outcome === 'ready' || outcome === 'pending') return null;
  return outcome === 'transcription_failed' ? 'transcription_failed' : 'recording_terminated';
}

function occurrenceTime(now: Date, daysAgo: number, hourUtc: number, random: SeededRandom, uniqueMs: number): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Math.max(1, daysAgo) * DAY;
  return new Date(day + hourUtc * 60 * MINUTE + random.int(0, 50) * MINUTE + random.int(0, 59) * 1000 + uniqueMs);
}

function planSource(
  kind: SourceKind,
  series: MeetingSeries,
  instance: MeetingInstance,
  occurrence: number,
  outcome: Outcome,
  meetingUrl: string,
  random: SeededRandom,
): PlannedSource[] {
  const nonTranscript = (type: SourceType, title: string, input: Record<string, unknown> | null, upload: Buffer | null = null): PlannedSource[] => [
    { type, title, durationSeconds: null, language: null, meetingUrl: null, attendees: [], participants: [], content: null, input, upload, uploadKind: upload ? 'txt' : null },
  ];
  switch (kind) {
    case 'meeting':
    case 'recording': {
      // A bot that was never let in, or had to stop at a verification or CAPTCHA, captured no audio.
      if (outcome !== 'ready' && outcome !== 'pending' && outcome !== 'transcription_failed') return [];
      const isPlanning = series.transcript === 'planning-offsite';
      const durationSeconds = isPlanning ? PLANNING_MEETING_SECONDS : series.durationMinutes * 60 - random.int(0, 240);
      const segments = isPlanning ? generatePlanningMeeting(series.speakers, random) : generateMeetingTranscript(series, instance, durationSeconds, random);
      const failed = outcome === 'transcription_failed';
      return [
        {
          type: 'transcript',
          title: kind === 'meeting' ? instance.title : `${instance.title}.m4a`,
          durationSeconds,
          language: null,
          meetingUrl: kind === 'meeting' ? meetingUrl : null,
          attendees: kind === 'meeting' ? series.attendees : [],
          participants: [],
          content: null,
          // The recorder knows the language it transcribed; the processor renders, names and summarizes the rest.
          input: failed ? null : { segments: apiSegments(segments, durationSeconds), language: series.language ?? 'eng' },
          upload: null,
          uploadKind: null,
        },
      ];
    }
    case 'agenda':
      return nonTranscript('document', 'Agenda', { content: buildAgenda(series, instance, occurrence) });
    case 'notes':
      return nonTranscript('document', 'Notes', { content: buildNotes(series, instance, occurrence) });
    case 'snippet':
      return nonTranscript('text', 'Pasted text', { content: required(series.snippet, series, 'snippet') });
    case 'deck':
      // The deck's text as an uploaded text file: the processor extracts it as it would any upload.
      return nonTranscript('file', required(series.fileTitle, series, 'fileTitle'), null, Buffer.from(required(series.fileText, series, 'fileText'), 'utf8'));
    case 'scan':
      // A scanned PDF nothing can be read from: processing leaves its content null, as the spec allows for uploads.
      return nonTranscript('file', required(series.scanTitle, series, 'scanTitle'), null);
  }
}

/** The demo's segments as the API takes them: each ends where the next starts (the last at the recording's end). */
function apiSegments(segments: readonly TranscriptSegment[], durationSeconds: number) {
  return segments.map((segment, i) => ({
    speaker: segment.speaker,
    start_seconds: segment.startSeconds,
    end_seconds: Math.max(segment.startSeconds, Math.min(durationSeconds, segments[i + 1]?.startSeconds ?? durationSeconds)),
    text: segment.text,
  }));
}

function required(value: string | undefined, series: MeetingSeries, field: string): string {
  if (value === undefined) throw new Error(`demo series ${series.key} needs ${field}`);
  return value;
}

/** The tags people applied; suggestions are the processor's. */
function planTags(series: MeetingSeries): PlannedTag[] {
  return series.tags.map((tag) => ({ tag, origin: 'user', accepted: true }));
}

/** Recurring meetings keep one join link, as calendar series do. */
function meetingUrlFor(series: MeetingSeries): string {
  const random = new SeededRandom(`url:${series.key}`);
  const letters = (n: number) => Array.from({ length: n }, () => random.pick('abcdefghijkmnopqrstuvwxyz'.split(''))).join('');
  const digits = (n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');
  switch (random.int(0, 2)) {
    case 0:
      return `https://meet.google.com/${letters(3)}-${letters(4)}-${letters(3)}`;
    case 1:
      return `https://${series.workspace}.zoom.us/j/${digits(11)}`;
    default:
      return `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${letters(24)}%40thread.v2/0`;
  }
}
