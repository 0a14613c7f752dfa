import { loadMeetings } from './meetings';
import { readableText, timedTurns } from './transcript';

describe('readableText', () => {
  it('drops the corpora annotations and joins the tokenised contractions and punctuation', () => {
    expect(readableText("OK , we 're on {vocalsound} . I do n't know {disfmarker} - maybe .")).toBe("OK, we're on. I don't know maybe.");
  });

  it('leaves a turn that held only annotations empty', () => {
    expect(readableText('{vocalsound} {gap}')).toBe('');
  });
});

describe('loadMeetings', () => {
  it('reads the 35 validation meetings of all three corpora, with summaries and topic spans inside each meeting', () => {
    const meetings = loadMeetings('val');
    expect(meetings).toHaveLength(35);
    expect(new Set(meetings.map((m) => m.corpus))).toEqual(new Set(['ami', 'icsi', 'committee']));
    for (const meeting of meetings) {
      expect(meeting.summary.length).toBeGreaterThan(50);
      for (const topic of meeting.topics)
        for (const [start, end] of topic.spans) expect(end < meeting.turns.length && start <= end).toBe(true);
    }
  });

  it('gives every spoken turn increasing times that keep its turn index', () => {
    const turns = timedTurns(loadMeetings('val')[0]!);
    expect(turns.length).toBeGreaterThan(100);
    turns.slice(1).forEach((turn, i) => {
      const previous = turns[i]!;
      expect(turn.start_seconds).toBeGreaterThanOrEqual(previous.end_seconds);
      expect(turn.turn).toBeGreaterThan(previous.turn);
    });
  });
});
