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
    const [meeting] = loadMeetings('val');
    const turns = timedTurns(meeting);
    expect(turns.length).toBeGreaterThan(100);
    for (let i = 1; i < turns.length; i += 1) {
      expect(turns[i].start_seconds).toBeGreaterThanOrEqual(turns[i - 1].end_seconds);
      expect(turns[i].turn).toBeGreaterThan(turns[i - 1].turn);
    }
  });
});
