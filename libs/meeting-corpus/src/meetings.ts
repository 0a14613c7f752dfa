import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The three public corpora QMSum draws its meetings from. */
export type CorpusName = 'ami' | 'icsi' | 'committee';
export const CORPUS_NAMES: readonly CorpusName[] = ['ami', 'icsi', 'committee'];

/** QMSum's splits: the benchmarks measure on `val`, and `train` stays unseen unless asked for. */
export type CorpusSplit = 'train' | 'val';

/** One speaker turn as the corpus wrote it: annotations such as `{vocalsound}` and split contractions included. */
export interface CorpusTurn {
  readonly speaker: string;
  readonly text: string;
}

/** A human topic segment; spans are inclusive turn indexes. */
export interface CorpusTopic {
  readonly topic: string;
  readonly spans: ReadonlyArray<readonly [number, number]>;
}

export interface CorpusMeeting {
  /** QMSum's file name without extension, e.g. `ES2004a`. */
  readonly id: string;
  readonly corpus: CorpusName;
  readonly split: CorpusSplit;
  readonly turns: readonly CorpusTurn[];
  /** The human answer to "Summarize the whole meeting". */
  readonly summary: string;
  readonly topics: readonly CorpusTopic[];
}

/** How the line is stored: arrays for turns keep the compressed file small. */
interface StoredMeeting {
  id: string;
  corpus: CorpusName;
  turns: Array<[string, string]>;
  summary: string;
  topics: Array<{ topic: string; spans: Array<[number, number]> }>;
}

/** The data sits beside `src/` and `dist/`, so the same path works from the sources (jest) and the build. */
const DATA_DIRECTORY = join(__dirname, '..', 'data');

const cache = new Map<CorpusSplit, readonly CorpusMeeting[]>();

/** Every meeting of a split, in file-name order. */
export function loadMeetings(split: CorpusSplit): readonly CorpusMeeting[] {
  const cached = cache.get(split);
  if (cached) return cached;
  const lines = gunzipSync(readFileSync(join(DATA_DIRECTORY, `qmsum-${split}.jsonl.gz`))).toString('utf8').split('\n');
  const meetings = lines
    .filter((line) => line.length > 0)
    .map((line): CorpusMeeting => {
      const stored = JSON.parse(line) as StoredMeeting;
      return {
        id: stored.id,
        corpus: stored.corpus,
        split,
        turns: stored.turns.map(([speaker, text]) => ({ speaker, text })),
        summary: stored.summary,
        topics: stored.topics,
      };
    });
  cache.set(split, meetings);
  return meetings;
}
