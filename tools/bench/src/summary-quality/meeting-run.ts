import { type CorpusMeeting, timedTurns, type TimedTurn } from '@cs/meeting-corpus';
import { type ConversationToProcess, ExtractiveSummarizer, processConversation, type ProcessingResult } from '@cs/processing';

export interface MeetingRun {
  turns: TimedTurn[];
  result: ProcessingResult;
  ms: number;
}

const summarizer = new ExtractiveSummarizer();

/** A corpus meeting as the processor receives a transcript conversation: one transcript source of timed segments. */
export function meetingConversation(meeting: CorpusMeeting, turns: readonly TimedTurn[]): ConversationToProcess {
  return {
    id: `conv_${meeting.id}`,
    workspace_id: 'ws_bench',
    // QMSum meetings have no title a user would have typed; the summarizer gets none, as for an untitled recording.
    title: null,
    sources: [
      {
        id: `src_${meeting.id}`,
        type: 'transcript',
        title: null,
        input: { segments: turns.map(({ speaker, start_seconds, end_seconds, text }) => ({ speaker, start_seconds, end_seconds, text })) },
        upload: null,
        upload_kind: null,
        duration_seconds: null,
      },
    ],
    tags: [],
  };
}

/** processConversation of @cs/processing (the processor's own pipeline) with the built-in summarizer, timed. */
export async function runMeeting(meeting: CorpusMeeting): Promise<MeetingRun> {
  const turns = timedTurns(meeting);
  const conversation = meetingConversation(meeting, turns);
  const start = performance.now();
  const result = await processConversation(conversation, summarizer);
  return { turns, result, ms: performance.now() - start };
}

/**
 * The reference segmentation of the spoken turns: each turn takes the human topic whose span covers it (the
 * one starting latest when spans nest or overlap); a turn no span covers stays in the topic before it.
 */
export function referenceLabels(meeting: CorpusMeeting, turns: readonly TimedTurn[]): number[] {
  const spans = meeting.topics.flatMap((topic, index) => topic.spans.map(([first, last]) => ({ index, first, last })));
  const labels: number[] = [];
  let current = -1;
  let label = -1;
  for (const turn of turns) {
    const covering = spans.filter((s) => s.first <= turn.turn && turn.turn <= s.last).sort((a, b) => b.first - a.first)[0];
    if (covering && covering.index !== current) {
      current = covering.index;
      label++;
    }
    labels.push(Math.max(0, label));
  }
  return labels;
}

/**
 * Where the summarizer's sections start, as spoken-turn positions: a rendered line's timestamp is its first
 * segment's start in whole seconds, so a section starts at the first turn whose start has that whole second.
 */
export function sectionStarts(run: MeetingRun): number[] {
  return run.result.sections.flatMap((section) => {
    if (section.start_seconds === null) return [];
    const position = run.turns.findIndex((turn) => Math.floor(turn.start_seconds) === section.start_seconds);
    return position < 0 ? [] : [position];
  });
}
