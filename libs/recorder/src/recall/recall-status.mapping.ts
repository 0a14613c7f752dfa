import type { TerminationReason } from '@cs/domain';

/**
 * What a Recall.ai bot status change means for our bot (docs/recall.md "States"):
 * - `progress`: our bot moves to that status (forward only: repeated and late ones are ignored where applied);
 * - `done`: the recording is over; the transcript is fetched, then our bot is `done`;
 * - `failed`: our bot fails with `reason`: the spec's termination reason when the sub-code is one we know, else
 *   Recall's sub-code (or code) as given, which leaves termination_reason null (sub-codes are an open set);
 * - `ignore`: nothing to change (internal, informational, or after-the-fact statuses).
 */
export type RecallStatusMeaning =
  | { kind: 'progress'; status: 'joining' | 'waiting_room' | 'recording' }
  | { kind: 'done' }
  | { kind: 'failed'; reason: string; termination: TerminationReason | null }
  | { kind: 'ignore' };

/**
 * Sub-codes that name one of the spec's termination reasons, from Recall's "Bot Sub Codes" page
 * (https://docs.recall.ai/docs/sub-codes), where platform-specific codes carry the platform's name as a prefix.
 * The page does not group fatal codes into "sign-in" or "CAPTCHA"; this table is our reading of their names,
 * written once here. Any other sub-code maps to no termination reason.
 */
export const TERMINATION_SUB_CODES: Readonly<Record<string, TerminationReason>> = {
  // The host never admitted the bot, or removed it from the waiting room.
  timeout_exceeded_waiting_room: 'not_admitted',
  bot_kicked_from_waiting_room: 'not_admitted',
  // The meeting only lets signed-in, verified or registered users in.
  meeting_requires_sign_in: 'verification_required',
  google_meet_sign_in_failed: 'verification_required',
  google_meet_login_not_available: 'verification_required',
  google_meet_sign_in_missing_login_credentials: 'verification_required',
  zoom_email_verification_required: 'verification_required',
  zoom_email_required: 'verification_required',
  zoom_registration_required: 'verification_required',
  zoom_sign_in_required: 'verification_required',
  microsoft_teams_sign_in_credentials_missing: 'verification_required',
  // The platform put a CAPTCHA in front of the bot.
  google_meet_sign_in_captcha_failed: 'captcha_required',
  google_meet_captcha_required: 'captcha_required',
  microsoft_teams_captcha_required: 'captcha_required',
  zoom_captcha_required: 'captcha_required',
};

/** Longest failure reason we keep (the recorder event's limit). */
const MAX_REASON = 100;

function failed(code: string, subCode: string | null): RecallStatusMeaning & { kind: 'failed' } {
  const termination = (subCode !== null && Object.hasOwn(TERMINATION_SUB_CODES, subCode) && TERMINATION_SUB_CODES[subCode]) || null;
  const given = subCode && subCode.trim().length > 0 ? subCode.trim() : code;
  return { kind: 'failed', reason: termination ?? given.slice(0, MAX_REASON), termination };
}

/**
 * The meaning of one status change (`code`, `sub_code`), from Recall's "Bot Status Change" webhook page
 * (https://docs.recall.ai/docs/bot-status-change-events).
 */
export function recallStatusMeaning(code: string, subCode: string | null): RecallStatusMeaning {
  switch (code) {
    case 'joining_call':
      return { kind: 'progress', status: 'joining' };
    case 'in_waiting_room':
      return { kind: 'progress', status: 'waiting_room' };
    case 'in_call_recording':
      return { kind: 'progress', status: 'recording' };
    case 'done':
      return { kind: 'done' };
    case 'fatal':
      return failed(code, subCode);
    case 'call_ended': {
      // A call that ends normally is followed by `done`; only a bot that was never let in fails here.
      const meaning = failed(code, subCode);
      return meaning.termination === 'not_admitted' ? meaning : { kind: 'ignore' };
    }
    default:
      // ready (internal), in_call_not_recording, recording_permission_*, recording_done, analysis_*, media_expired, …
      return { kind: 'ignore' };
  }
}
