import type { MeetingInstance, MeetingSeries, Outcome } from './meeting-series.model';

/** What was said in a recorded series; a notebook (documents only) has none, so no speakers, attendees or dialogue. */
export interface Call {
  minutes: number;
  speakers: string[];
  /** Calendar attendees; an uploaded recording has none. */
  attendees?: string[];
  lines: string[];
}

/** An occurrence as one row: title, focus and, unless it is processed normally, its outcome. */
export type InstanceRow = [title: string, focus: string, outcome?: Outcome];

type Written = 'durationMinutes' | 'speakers' | 'attendees' | 'lines' | 'hourUtc' | 'firstDaysAgo' | 'everyDays' | 'sections' | 'instances';

/** A series as the dataset files write it: only what differs between series, in the shortest form that reads well. */
export interface SeriesInput extends Omit<MeetingSeries, Written> {
  /** Hour of day (UTC), days ago of the first occurrence, and days between occurrences. */
  at: { hourUtc: number; firstDaysAgo: number; everyDays: number };
  call?: Call;
  /** Topics in order: heading → points (agenda and notes documents). */
  sections: Record<string, string[]>;
  instances: InstanceRow[];
}

export function series({ at, call, sections, instances, ...rest }: SeriesInput): MeetingSeries {
  return {
    ...rest,
    ...at,
    durationMinutes: call?.minutes ?? 0,
    speakers: call?.speakers ?? [],
    attendees: call?.attendees ?? [],
    lines: call?.lines ?? [],
    sections: Object.entries(sections).map(([heading, bullets]) => ({ heading, bullets })),
    instances: instances.map(([title, focus, outcome]): MeetingInstance => (outcome ? { title, focus, outcome } : { title, focus })),
  };
}
