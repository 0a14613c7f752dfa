import { sampleTranscript, scriptFor } from './development-script';

describe('the development recorder script (chosen by the meeting URL)', () => {
  it('records a sample transcript for any meeting on *.example.test without a scripted failure', () => {
    expect(scriptFor('https://meet.example.test/weekly-sync')).toEqual({ outcome: 'transcript' });
    expect(scriptFor('https://example.test/')).toEqual({ outcome: 'transcript' });
    expect(sampleTranscript().segments.length).toBeGreaterThan(3);
  });

  it('ends with each termination reason of the spec, at the step where a meeting platform would', () => {
    expect(scriptFor('https://meet.example.test/room/not-admitted')).toEqual({ outcome: 'terminated', reason: 'not_admitted', after: 'waiting_room' });
    expect(scriptFor('https://meet.example.test/verification-required')).toEqual({ outcome: 'terminated', reason: 'verification_required', after: 'joining' });
    expect(scriptFor('https://meet.example.test/a/captcha-required')).toEqual({ outcome: 'terminated', reason: 'captcha_required', after: 'joining' });
  });

  it('fails without a termination reason on a crash, and refuses meetings outside the reserved test domain', () => {
    expect(scriptFor('https://meet.example.test/crash')).toEqual({ outcome: 'failed', reason: 'recorder_crashed' });
    expect(scriptFor('https://zoom.us/j/123')).toEqual({ outcome: 'failed', reason: 'unsupported_meeting' });
    expect(scriptFor('https://example.test.evil.com/x')).toEqual({ outcome: 'failed', reason: 'unsupported_meeting' });
  });
});
