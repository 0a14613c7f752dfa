import { formatTimestamp, participantsOf, renderTranscript } from './transcript.generator';

describe('transcript rendering', () => {
  it('formats start seconds as zero-padded HH:MM:SS, hours unwrapped', () => {
    expect(formatTimestamp(0)).toBe('00:00:00');
    expect(formatTimestamp(59.9)).toBe('00:00:59');
    expect(formatTimestamp(3723)).toBe('01:02:03');
    expect(formatTimestamp(7200)).toBe('02:00:00');
  });

  it('renders one "[HH:MM:SS] Speaker: text" line per segment joined with \\n', () => {
    const content = renderTranscript([
      { speaker: 'Ada Lovelace', startSeconds: 1, text: 'Hello.' },
      { speaker: 'Speaker 2', startSeconds: 65, text: 'Hi, ratio is 3:1.' },
    ]);
    expect(content).toBe('[00:00:01] Ada Lovelace: Hello.\n[00:01:05] Speaker 2: Hi, ratio is 3:1.');
  });

  it('lists participants as distinct speakers in order of first appearance', () => {
    const segments = ['Speaker 2', 'Ada', 'Speaker 2', 'Grace', 'Ada'].map((speaker, i) => ({ speaker, startSeconds: i, text: 'x' }));
    expect(participantsOf(segments)).toEqual(['Speaker 2', 'Ada', 'Grace']);
  });
});
