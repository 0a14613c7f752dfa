import { LIMITS, type RecorderEventInput } from '@cs/writes';
import type { RecallBot, RecallTranscript } from './recall.client';

/** A transcript as a recorder hands it over (the recorder event's `transcript`). */
export type RecorderTranscript = NonNullable<RecorderEventInput['transcript']>;

/** ISO 639-1 codes Recall's transcription names → our ISO 639-3; others are left to language detection. */
const ISO_639_3: Readonly<Record<string, string>> = {
  en: 'eng', de: 'deu', fr: 'fra', es: 'spa', it: 'ita', pt: 'por', nl: 'nld', sv: 'swe', da: 'dan', no: 'nor', nb: 'nob', fi: 'fin',
  pl: 'pol', cs: 'ces', ru: 'rus', uk: 'ukr', tr: 'tur', ja: 'jpn', zh: 'zho', ko: 'kor', hi: 'hin', ar: 'ara', he: 'heb',
};

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (value: string, max: number): string => value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
const clampSeconds = (value: number | undefined | null, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), LIMITS.maxSeconds) : fallback;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Recall's transcript (one entry per stretch of one participant's speech, with its words and their times relative
 * to the recording's start, https://docs.recall.ai/docs/download-urls) as our transcript source: a segment per
 * entry named after the participant, the language when Recall names it, the participants' e-mail addresses as
 * attendees (Recall knows them only with its calendar integration), and the recording's length. Entries with no
 * words are dropped; null when nothing was said at all. Values are fitted to our limits rather than refused: a
 * recording is not sent again.
 */
export function recallTranscriptSource(bot: RecallBot, transcript: RecallTranscript): RecorderTranscript | null {
  const segments: RecorderTranscript['segments'] = [];
  const attendees = new Set<string>();
  let language: string | undefined;
  for (const entry of transcript) {
    const email = entry.participant?.email?.trim().toLowerCase();
    if (email && EMAIL.test(email) && email.length <= 320 && attendees.size < LIMITS.attendees) attendees.add(email);
    const text = clean(entry.words.map((word) => word.text).join(' '), LIMITS.segmentText);
    if (text.length === 0 || segments.length >= LIMITS.segmentsPerTranscript) continue;
    language ??= entry.language_code ? ISO_639_3[entry.language_code.slice(0, 2).toLowerCase()] : undefined;
    const participant = entry.participant;
    const speaker =
      clean(participant?.name ?? '', LIMITS.speaker) || (participant?.id !== undefined && participant?.id !== null ? `Participant ${participant.id}` : 'Unknown speaker');
    const start = clampSeconds(entry.words[0]?.start_timestamp?.relative, 0);
    const end = clampSeconds(entry.words.at(-1)?.end_timestamp?.relative, start);
    segments.push({ speaker, start_seconds: start, end_seconds: Math.max(start, end), text });
  }
  if (segments.length === 0) return null;
  const recording = bot.recordings?.[0];
  const started = recording?.started_at ? Date.parse(recording.started_at) : NaN;
  const completed = recording?.completed_at ? Date.parse(recording.completed_at) : NaN;
  const duration = Number.isNaN(started) || Number.isNaN(completed) ? undefined : Math.round(clampSeconds((completed - started) / 1000, 0));
  return {
    segments,
    ...(language ? { language } : {}),
    ...(attendees.size > 0 ? { attendees: [...attendees] } : {}),
    ...(duration !== undefined ? { duration_seconds: duration } : {}),
  };
}

/** The transcript's download URL of a bot's recording, once Recall has it ready. */
export function transcriptDownloadUrl(bot: RecallBot): string | null {
  for (const recording of bot.recordings ?? []) {
    const transcript = recording.media_shortcuts?.transcript;
    if (transcript?.status?.code === 'done' && transcript.data?.download_url) return transcript.data.download_url;
  }
  return null;
}

/** True when a recording's transcript failed or the bot has no recording at all (nothing will come). */
export function transcriptUnavailable(bot: RecallBot): boolean {
  const recordings = bot.recordings ?? [];
  return recordings.length === 0 || recordings.every((r) => r.media_shortcuts?.transcript?.status?.code === 'failed' || !r.media_shortcuts?.transcript);
}
