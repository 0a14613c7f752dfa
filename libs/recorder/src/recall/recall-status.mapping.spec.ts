import { recallStatusMeaning, TERMINATION_SUB_CODES } from './recall-status.mapping';

describe('Recall.ai status changes mapped onto our bot states (docs/recall.md "States")', () => {
  it('moves the bot forward on joining, waiting room and recording, and fetches the transcript on done', () => {
    expect(recallStatusMeaning('joining_call', null)).toEqual({ kind: 'progress', status: 'joining' });
    expect(recallStatusMeaning('in_waiting_room', null)).toEqual({ kind: 'progress', status: 'waiting_room' });
    expect(recallStatusMeaning('in_call_recording', null)).toEqual({ kind: 'progress', status: 'recording' });
    expect(recallStatusMeaning('done', null)).toEqual({ kind: 'done' });
  });

  it('ignores internal and informational statuses, and a call that ended normally (done follows)', () => {
    for (const code of ['ready', 'in_call_not_recording', 'recording_permission_allowed', 'recording_done', 'analysis_done', 'media_expired', 'something_new']) {
      expect({ code, meaning: recallStatusMeaning(code, null) }).toEqual({ code, meaning: { kind: 'ignore' } });
    }
    expect(recallStatusMeaning('call_ended', 'call_ended_by_host')).toEqual({ kind: 'ignore' });
    expect(recallStatusMeaning('call_ended', 'bot_kicked_from_call')).toEqual({ kind: 'ignore' });
  });

  it.each([
    ['call_ended', 'timeout_exceeded_waiting_room', 'not_admitted'],
    ['call_ended', 'bot_kicked_from_waiting_room', 'not_admitted'],
    ['fatal', 'timeout_exceeded_waiting_room', 'not_admitted'],
    ['fatal', 'meeting_requires_sign_in', 'verification_required'],
    ['fatal', 'google_meet_sign_in_failed', 'verification_required'],
    ['fatal', 'zoom_email_verification_required', 'verification_required'],
    ['fatal', 'zoom_registration_required', 'verification_required'],
    ['fatal', 'google_meet_sign_in_captcha_failed', 'captcha_required'],
  ])('%s with sub-code %s fails the bot with termination reason %s', (code, subCode, termination) => {
    expect(recallStatusMeaning(code, subCode)).toEqual({ kind: 'failed', reason: termination, termination });
  });

  it('fails the bot without a termination reason on a fatal sub-code it does not know, keeping the sub-code as the reason', () => {
    expect(recallStatusMeaning('fatal', 'zoom_some_future_problem')).toEqual({ kind: 'failed', reason: 'zoom_some_future_problem', termination: null });
    expect(recallStatusMeaning('fatal', null)).toEqual({ kind: 'failed', reason: 'fatal', termination: null });
    expect(recallStatusMeaning('fatal', 'x'.repeat(300))).toEqual({ kind: 'failed', reason: 'x'.repeat(100), termination: null });
    // Not fooled by names of Object.prototype.
    expect(recallStatusMeaning('fatal', 'constructor')).toEqual({ kind: 'failed', reason: 'constructor', termination: null });
  });

  it('maps each known sub-code onto one of the spec\'s termination reasons', () => {
    expect(new Set(Object.values(TERMINATION_SUB_CODES))).toEqual(new Set(['not_admitted', 'verification_required', 'captcha_required']));
  });
});
