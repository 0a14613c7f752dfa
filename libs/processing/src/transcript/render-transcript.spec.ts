import { formatTimestamp, renderTranscript, type TranscriptSegment, TranscriptInvalidError } from './render-transcript';

const seg = (speaker: string, start: number, end: number, text: string): TranscriptSegment => ({ speaker, start_seconds: start, end_seconds: end, text });

describe('renderTranscript', () => {
  it('renders one "[HH:MM:SS] Name: text" line per speaker turn, merging consecutive segments of a speaker', () => {
    const result = renderTranscript([
      seg('Speaker 1', 0, 4.2, 'Good morning.'),
      seg('Speaker 1', 4.2, 9, 'Let us start.'),
      seg('Speaker 2', 65.9, 70, 'Thanks,\n  everyone.'),
      seg('Speaker 1', 3725, 3730, 'Wrapping up.'),
    ]);
    expect(result.content).toBe(['[00:00:00] Speaker 1: Good morning. Let us start.', '[00:01:05] Speaker 2: Thanks, everyone.', '[01:02:05] Speaker 1: Wrapping up.'].join('\n'));
    expect(result.participants).toEqual(['Speaker 1', 'Speaker 2']);
    expect(result.durationSeconds).toBe(3730);
  });

  it('uses user-set names for participants and lines, keeping raw labels where none is set', () => {
    const result = renderTranscript([seg('Speaker 2', 0, 1, 'Hi.'), seg('Speaker 1', 1, 2, 'Hello.'), seg('Speaker 3', 2, 3, 'Hey.')], {
      speakerNames: { 'Speaker 1': 'Ada Lovelace', 'Speaker 3': '  ' },
    });
    expect(result.participants).toEqual(['Speaker 2', 'Ada Lovelace', 'Speaker 3']);
    expect(result.content).toBe('[00:00:00] Speaker 2: Hi.\n[00:00:01] Ada Lovelace: Hello.\n[00:00:02] Speaker 3: Hey.');
  });

  it('merges two raw labels a user named alike into one participant and one turn', () => {
    const result = renderTranscript([seg('Speaker 1', 0, 1, 'One.'), seg('Speaker 4', 1, 2, 'Two.')], { speakerNames: { 'Speaker 1': 'Grace', 'Speaker 4': 'Grace' } });
    expect(result.participants).toEqual(['Grace']);
    expect(result.content).toBe('[00:00:00] Grace: One. Two.');
  });

  it('orders segments by start time, keeping the given order for equal starts', () => {
    const result = renderTranscript([seg('B', 10, 12, 'later'), seg('A', 0, 2, 'first'), seg('C', 0, 1, 'also first')]);
    expect(result.content).toBe('[00:00:00] A: first\n[00:00:00] C: also first\n[00:00:10] B: later');
    expect(result.participants).toEqual(['A', 'C', 'B']);
  });

  it('skips blank segments; a speaker with only blank text is no participant', () => {
    const result = renderTranscript([seg('A', 0, 1, '   '), seg('B', 1, 2, 'words'), seg('B', 2, 3, '')]);
    expect(result.content).toBe('[00:00:01] B: words');
    expect(result.participants).toEqual(['B']);
    expect(result.durationSeconds).toBe(3);
  });

  it('takes the given duration, rounded, over the last segment end', () => {
    expect(renderTranscript([seg('A', 0, 10, 'x')], { durationSeconds: 3599.6 }).durationSeconds).toBe(3600);
    expect(renderTranscript([seg('A', 0, 10.5, 'x')]).durationSeconds).toBe(11);
    expect(renderTranscript([]).durationSeconds).toBe(0);
  });

  it('renders an empty transcript as empty content without participants', () => {
    expect(renderTranscript([])).toEqual({ content: '', participants: [], durationSeconds: 0 });
  });

  it.each([
    ['an end before its start', seg('A', 5, 4, 'x'), /segment 1: end_seconds 4 precedes start_seconds 5/],
    ['a negative start', seg('A', -1, 4, 'x'), /start_seconds -1/],
    ['a NaN end', seg('A', 0, Number.NaN, 'x'), /end_seconds NaN/],
    ['an empty speaker', seg('  ', 0, 1, 'x'), /speaker is empty/],
  ])('refuses %s with TranscriptInvalidError', (_what, bad, message) => {
    const render = () => renderTranscript([seg('A', 0, 1, 'ok'), bad]);
    expect(render).toThrow(TranscriptInvalidError);
    expect(render).toThrow(message);
  });

  it('does not resolve speaker names through Object.prototype', () => {
    expect(renderTranscript([seg('constructor', 0, 1, 'x')], { speakerNames: {} }).participants).toEqual(['constructor']);
  });
});

describe('formatTimestamp', () => {
  it('formats whole seconds as HH:MM:SS without capping hours', () => {
    expect(formatTimestamp(0)).toBe('00:00:00');
    expect(formatTimestamp(59.99)).toBe('00:00:59');
    expect(formatTimestamp(7199)).toBe('01:59:59');
    expect(formatTimestamp(360000)).toBe('100:00:00');
  });
});
