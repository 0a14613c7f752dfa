import { LIMITS } from '@cs/writes';
import { recallTranscriptSource, transcriptDownloadUrl } from './recall-transcript';
import { readRecallStatusChange } from './recall-webhook.schema';

const word = (text: string, start: number, end: number) => ({ text, start_timestamp: { relative: start }, end_timestamp: { relative: end } });
const recorded = {
  id: 'b1',
  recordings: [
    {
      started_at: '2026-11-24T10:00:00Z',
      completed_at: '2026-11-24T10:30:12.400Z',
      media_shortcuts: { transcript: { status: { code: 'done' }, data: { download_url: 'https://s3.example/transcript.json' } } },
    },
  ],
};

describe('a Recall transcript as our transcript source', () => {
  it('makes a segment per entry, named after the participant, with its first and last word\'s times, the language, attendees and duration', () => {
    const source = recallTranscriptSource(recorded, [
      { participant: { id: 100, name: 'Ada Lovelace', email: 'Ada@Example.com' }, language_code: 'en', words: [word('Hello', 1.5, 1.9), word('all.', 2, 2.4)] },
      { participant: { id: 200, name: null, email: null }, words: [word('Hi', 3, 3.2)] },
      { participant: null, words: [word(' ', 4, 4.1)] },
      { participant: { id: 100, name: 'Ada Lovelace', email: 'ada@example.com' }, words: [word('Bye\u0007', 5, 5.5)] },
    ]);
    expect(source).toEqual({
      segments: [
        { speaker: 'Ada Lovelace', start_seconds: 1.5, end_seconds: 2.4, text: 'Hello all.' },
        { speaker: 'Participant 200', start_seconds: 3, end_seconds: 3.2, text: 'Hi' },
        { speaker: 'Ada Lovelace', start_seconds: 5, end_seconds: 5.5, text: 'Bye' },
      ],
      language: 'eng',
      attendees: ['ada@example.com'],
      duration_seconds: 1812,
    });
  });

  it('fits values to our limits instead of refusing the recording, and is null when nobody spoke', () => {
    const long = recallTranscriptSource({ id: 'b2' }, [{ participant: { name: 'x'.repeat(500) }, words: [word('y'.repeat(LIMITS.segmentText + 10), -3, 100_000)] }]);
    expect(long?.segments[0]).toEqual({ speaker: 'x'.repeat(LIMITS.speaker), start_seconds: 0, end_seconds: LIMITS.maxSeconds, text: 'y'.repeat(LIMITS.segmentText) });
    expect(long).not.toHaveProperty('duration_seconds');
    expect(recallTranscriptSource(recorded, [{ participant: null, words: [] }])).toBeNull();
  });

  it('finds the download URL only once the transcript is done', () => {
    expect(transcriptDownloadUrl(recorded)).toBe('https://s3.example/transcript.json');
    expect(transcriptDownloadUrl({ id: 'b', recordings: [{ media_shortcuts: { transcript: { status: { code: 'processing' }, data: { download_url: null } } } }] })).toBeNull();
  });
});

describe('Recall status webhook bodies', () => {
  it('reads the per-status shape, with our bot id from the metadata, and the older bot.status_change shape', () => {
    expect(
      readRecallStatusChange({
        event: 'bot.fatal',
        data: { data: { code: 'fatal', sub_code: 'meeting_requires_sign_in', updated_at: '2026-11-24T10:00:00.123456Z' }, bot: { id: 'r1', metadata: { cs_bot_id: 'bot_1' } } },
      }),
    ).toEqual({ providerBotId: 'r1', code: 'fatal', subCode: 'meeting_requires_sign_in', at: '2026-11-24T10:00:00.123456Z', botId: 'bot_1', ours: true });
    expect(readRecallStatusChange({ event: 'bot.done', data: { data: { code: 'done' }, bot: { id: 'r3', metadata: { other_app: 'x' } } } })).toMatchObject({ botId: null, ours: false });
    expect(readRecallStatusChange({ event: 'bot.status_change', data: { bot_id: 'r2', status: { code: 'joining_call', sub_code: null, created_at: 'x', message: null } } })).toEqual({
      providerBotId: 'r2',
      code: 'joining_call',
      subCode: null,
      at: 'x',
      botId: null,
      ours: null,
    });
  });

  it('ignores other events and malformed bodies', () => {
    expect(readRecallStatusChange({ event: 'recording.done', data: { recording: { id: 'x' } } })).toBeNull();
    expect(readRecallStatusChange({ event: 'bot.done', data: { data: { code: '' }, bot: { id: 'r' } } })).toBeNull();
    expect(readRecallStatusChange('bot.done')).toBeNull();
  });
});
