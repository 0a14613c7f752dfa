import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { CorpusSplit } from './meetings';

/** One of QMSum's query-specific questions about a meeting, with the turns that answer it. */
export interface CorpusQuery {
  /** The meeting it asks about: a CorpusMeeting's `id`. */
  readonly meetingId: string;
  /** Its place in the meeting's question list, so that a question is named `<meetingId>#<index>`. */
  readonly index: number;
  /** As the annotators wrote it, e.g. "What did the group discuss about the remote's buttons?" */
  readonly query: string;
  /** Inclusive turn indexes of the meeting (CorpusMeeting.turns) that answer it; most questions have one span. */
  readonly spans: ReadonlyArray<readonly [number, number]>;
}

interface StoredQueries {
  id: string;
  queries: Array<{ query: string; spans: Array<[number, number]> }>;
}

/** Beside `src/` and `dist/`, like the meetings (scripts/extract-queries.mjs made the files). */
const DATA_DIRECTORY = join(__dirname, '..', 'data');

const cache = new Map<CorpusSplit, readonly CorpusQuery[]>();

/** Every question of a split, meeting by meeting in file-name order (as loadMeetings), each meeting's in QMSum's order. */
export function loadQueries(split: CorpusSplit): readonly CorpusQuery[] {
  const cached = cache.get(split);
  if (cached) return cached;
  const lines = gunzipSync(readFileSync(join(DATA_DIRECTORY, `qmsum-queries-${split}.jsonl.gz`))).toString('utf8').split('\n');
  const queries = lines
    .filter((line) => line.length > 0)
    .flatMap((line) => {
      const stored = JSON.parse(line) as StoredQueries;
      return stored.queries.map((q, index): CorpusQuery => ({ meetingId: stored.id, index, query: q.query, spans: q.spans }));
    });
  cache.set(split, queries);
  return queries;
}
