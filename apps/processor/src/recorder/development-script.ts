import type { TerminationReason } from '@cs/domain';

/** What the development recorder does in a meeting, chosen by the meeting URL (see `scriptFor`). */
export type Script =
  | { outcome: 'transcript' }
  | { outcome: 'terminated'; reason: TerminationReason; after: 'joining' | 'waiting_room' }
  | { outcome: 'failed'; reason: string };

/** The reserved test domain (RFC 2606) the development recorder "joins"; nothing there is ever called. */
export const DEVELOPMENT_MEETING_DOMAIN = 'example.test';

/**
 * The scripted outcome of a meeting URL on *.example.test: the last path segment `not-admitted`,
 * `verification-required` or `captcha-required` ends with that termination reason, `crash` fails without one,
 * anything else records a sample transcript. Meetings elsewhere are refused (`unsupported_meeting`).
 */
export function scriptFor(meetingUrl: string): Script {
  const url = new URL(meetingUrl);
  if (url.hostname !== DEVELOPMENT_MEETING_DOMAIN && !url.hostname.endsWith(`.${DEVELOPMENT_MEETING_DOMAIN}`)) {
    return { outcome: 'failed', reason: 'unsupported_meeting' };
  }
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  switch (last) {
    case 'not-admitted':
      return { outcome: 'terminated', reason: 'not_admitted', after: 'waiting_room' };
    case 'verification-required':
      return { outcome: 'terminated', reason: 'verification_required', after: 'joining' };
    case 'captcha-required':
      return { outcome: 'terminated', reason: 'captcha_required', after: 'joining' };
    case 'crash':
      return { outcome: 'failed', reason: 'recorder_crashed' };
    default:
      return { outcome: 'transcript' };
  }
}

const LINES: Array<[string, string]> = [
  ['Speaker 1', 'Thanks for joining, everyone. Today we want to settle the rollout plan for the mobile release.'],
  ['Speaker 2', 'The beta feedback is mostly positive, but the offline sync still loses edits in rare cases.'],
  ['Speaker 1', 'Then we fix the sync issue first and ship the release one week later than planned.'],
  ['Speaker 3', 'Support needs the release notes two days before the launch to prepare their answers.'],
  ['Speaker 2', 'I will write the release notes and share them with support by Thursday.'],
  ['Speaker 1', 'Good. Let us also keep the staged rollout at ten percent for the first two days.'],
  ['Speaker 3', 'Agreed. We watch the crash rate and the sync error dashboard before widening it.'],
  ['Speaker 1', 'Decision recorded: fix offline sync, release a week later, staged rollout at ten percent.'],
];

/** The transcript the development recorder delivers: a short product meeting with three unnamed speakers. */
export function sampleTranscript(): { segments: Array<{ speaker: string; start_seconds: number; end_seconds: number; text: string }>; language: string } {
  return {
    segments: LINES.map(([speaker, text], i) => ({ speaker, start_seconds: i * 15, end_seconds: i * 15 + 13, text })),
    language: 'eng',
  };
}
