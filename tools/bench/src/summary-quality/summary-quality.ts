import { type CorpusMeeting, CORPUS_NAMES, type CorpusName, type CorpusSplit, loadMeetings } from '@cs/meeting-corpus';
import { DIGEST_MAX_LENGTH } from '@cs/domain';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { fixed, table } from '../kit/table';
import { percentile } from '../kit/stats';
import { writeResults } from '../kit/results-file';
import { leadBaseline, textRankBaseline } from './baselines';
import { referenceLabels, runMeeting, sectionStarts } from './meeting-run';
import { type RougeF1, rougeF1, rougeTokens, summaryProse } from './rouge-scores';
import { evenSegments, labelsFromStarts, oneSegment, pk, windowDiff } from './segmentation-scores';

export const SUMMARY_QUALITY_COMMAND = benchCommand('summary-quality', {
  about:
    'runs the built-in summarizer through processConversation on every QMSum validation meeting (@cs/meeting-corpus)\nand scores it against the human summaries and topics, with Lead and TextRank (ROUGE) and one-segment and\neven-segment (Pk, WindowDiff) baselines',
  flags: {
    train: { flag: '--train', switch: true, help: 'the training meetings too, reported apart (the meetings the summarizer is developed on; val confirms)' },
  },
});
export type SummaryQualityOptions = OptionsOf<typeof SUMMARY_QUALITY_COMMAND>;

/** Every figure of one meeting. */
export interface MeetingScores {
  id: string;
  corpus: CorpusName;
  words: number;
  summarizer: RougeF1;
  lead: RougeF1;
  textRank: RougeF1;
  pk: { summarizer: number; oneSegment: number; evenSegments: number };
  windowDiff: { summarizer: number; oneSegment: number; evenSegments: number };
  sections: number;
  referenceSegments: number;
  digest: string;
  digestComplete: boolean;
  ms: number;
  minutes: number;
}

/**
 * A digest is complete when it fits DIGEST_MAX_LENGTH, carries no ellipsis at its end, and its last word is a
 * whole word of the meeting (not one cut short).
 */
export function digestIsComplete(digest: string, meetingWords: ReadonlySet<string>): boolean {
  if (digest.length === 0 || digest.length > DIGEST_MAX_LENGTH) return false;
  if (/(?:…|\.\.\.)\s*$/.test(digest)) return false;
  const last = rougeTokens(digest).at(-1);
  return last !== undefined && meetingWords.has(last);
}

async function scoreMeeting(meeting: CorpusMeeting): Promise<MeetingScores> {
  const run = await runMeeting(meeting);
  const prose = summaryProse(run.result.summary ?? '');
  const words = rougeTokens(prose).length;
  const turnTexts = run.turns.map((t) => t.text);
  const reference = referenceLabels(meeting, run.turns);
  const units = run.turns.length;
  const hypothesis = labelsFromStarts(units, sectionStarts(run));
  const sections = (hypothesis.at(-1) ?? 0) + 1;
  const even = evenSegments(units, sections);
  const one = oneSegment(units);
  const meetingWords = new Set(turnTexts.flatMap((t) => rougeTokens(t)));
  const digest = run.result.digest ?? '';
  return {
    id: meeting.id,
    corpus: meeting.corpus,
    words,
    summarizer: rougeF1(prose, meeting.summary),
    lead: rougeF1(leadBaseline(turnTexts, words), meeting.summary),
    textRank: rougeF1(textRankBaseline(turnTexts, words), meeting.summary),
    pk: { summarizer: pk(reference, hypothesis), oneSegment: pk(reference, one), evenSegments: pk(reference, even) },
    windowDiff: { summarizer: windowDiff(reference, hypothesis), oneSegment: windowDiff(reference, one), evenSegments: windowDiff(reference, even) },
    sections,
    referenceSegments: (reference.at(-1) ?? 0) + 1,
    digest,
    digestComplete: digestIsComplete(digest, meetingWords),
    ms: run.ms,
    minutes: (run.turns.at(-1)?.end_seconds ?? 0) / 60,
  };
}

const mean = (values: readonly number[]) => (values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length);
const points = (value: number) => fixed(value * 100, 1);

/** The per-corpus and overall figures of one split, as Markdown tables, and whether the targets hold. */
export function reportSplit(split: CorpusSplit, scores: readonly MeetingScores[]): { lines: string[]; json: object; pass: boolean; headline: string } {
  const groups: Array<[string, MeetingScores[]]> = [...CORPUS_NAMES.map((c): [string, MeetingScores[]] => [c, scores.filter((s) => s.corpus === c)]), ['overall', [...scores]]];
  const rouge = (group: MeetingScores[], who: 'summarizer' | 'lead' | 'textRank', metric: keyof RougeF1) => mean(group.map((s) => s[who][metric]));
  const seg = (group: MeetingScores[], metric: 'pk' | 'windowDiff', who: 'summarizer' | 'oneSegment' | 'evenSegments') => mean(group.map((s) => s[metric][who]));
  const checks: string[] = [];
  const headlines: string[] = [];
  let pass = true;
  const json: Record<string, object> = {};
  const rougeRows: string[][] = [];
  const segRows: string[][] = [];
  const digestRows: string[][] = [];
  for (const [name, group] of groups) {
    if (group.length === 0) continue;
    const r1 = rouge(group, 'summarizer', 'rouge1');
    const lead1 = rouge(group, 'lead', 'rouge1');
    const tr1 = rouge(group, 'textRank', 'rouge1');
    for (const who of ['summarizer', 'lead', 'textRank'] as const) {
      rougeRows.push([`${name}: ${who === 'textRank' ? 'TextRank' : who === 'lead' ? 'Lead' : 'summarizer'}`, points(rouge(group, who, 'rouge1')), points(rouge(group, who, 'rouge2')), points(rouge(group, who, 'rougeL')), who === 'summarizer' ? fixed(mean(group.map((s) => s.words)), 0) : '']);
    }
    const pkS = seg(group, 'pk', 'summarizer');
    const wdS = seg(group, 'windowDiff', 'summarizer');
    segRows.push([name, fixed(pkS, 3), fixed(seg(group, 'pk', 'oneSegment'), 3), fixed(seg(group, 'pk', 'evenSegments'), 3), fixed(wdS, 3), fixed(seg(group, 'windowDiff', 'oneSegment'), 3), fixed(seg(group, 'windowDiff', 'evenSegments'), 3), fixed(mean(group.map((s) => s.sections)), 1), fixed(mean(group.map((s) => s.referenceSegments)), 1)]);
    const lengths = group.map((s) => s.digest.length).sort((a, b) => a - b);
    const complete = group.filter((s) => s.digestComplete).length / group.length;
    const ms = group.map((s) => s.ms).sort((a, b) => a - b);
    digestRows.push([name, String(group.length), fixed(mean(lengths), 1), String(lengths.at(-1) ?? 0), `${fixed(complete * 100, 1)}%`, fixed(percentile(ms, 50), 0), fixed(percentile(ms, 100), 0), fixed(mean(group.map((s) => s.minutes)), 0)]);
    const beatsTextRank = r1 >= tr1 + 0.03;
    const beatsLead = r1 > lead1;
    const segPass = pkS < Math.min(seg(group, 'pk', 'oneSegment'), seg(group, 'pk', 'evenSegments')) && wdS < Math.min(seg(group, 'windowDiff', 'oneSegment'), seg(group, 'windowDiff', 'evenSegments'));
    const digestPass = complete === 1;
    checks.push(`${name}: ROUGE-1 ≥ TextRank + 3 ${beatsTextRank ? 'PASS' : 'FAIL'} (${points(r1)} vs ${points(tr1)}), > Lead ${beatsLead ? 'PASS' : 'FAIL'} (${points(lead1)}), segmentation ${segPass ? 'PASS' : 'FAIL'}, digests ${digestPass ? 'PASS' : 'FAIL'}`);
    pass &&= beatsTextRank && beatsLead && segPass && digestPass;
    headlines.push(`${name} ${points(r1)} / ${points(tr1)} / ${points(lead1)}, Pk ${fixed(pkS, 3)} against one segment ${fixed(seg(group, 'pk', 'oneSegment'), 3)}, ${fixed(complete * 100, 0)}% of digests complete`);
    json[name] = {
      meetings: group.length,
      rouge: Object.fromEntries((['summarizer', 'lead', 'textRank'] as const).map((who) => [who, { rouge1: rouge(group, who, 'rouge1'), rouge2: rouge(group, who, 'rouge2'), rougeL: rouge(group, who, 'rougeL') }])),
      pk: { summarizer: pkS, one_segment: seg(group, 'pk', 'oneSegment'), even_segments: seg(group, 'pk', 'evenSegments') },
      window_diff: { summarizer: wdS, one_segment: seg(group, 'windowDiff', 'oneSegment'), even_segments: seg(group, 'windowDiff', 'evenSegments') },
      digest: { mean_length: mean(lengths), max_length: lengths.at(-1) ?? 0, complete_share: complete },
      ms: { p50: percentile(ms, 50), max: percentile(ms, 100) },
    };
  }
  const lines = [
    `### ${split}: ${scores.length} meetings`,
    '',
    table(['ROUGE F1 (points)', 'R-1', 'R-2', 'R-L', 'words'], rougeRows),
    '',
    table(['segmentation (lower is better)', 'Pk', 'Pk one', 'Pk even', 'WD', 'WD one', 'WD even', 'sections', 'human topics'], segRows),
    '',
    table(['digest and time', 'meetings', 'mean chars', 'max chars', 'complete', 'p50 ms', 'max ms', 'mean minutes'], digestRows),
    '',
    ...checks.map((c) => `- ${c}`),
  ];
  return { lines, json: { corpora: json, meetings: scores }, pass, headline: `ROUGE-1 summarizer / TextRank / Lead: ${headlines.join('; ')}` };
}

type Out = (text: string) => void;

/** `summary-quality`: see tools/bench/README.md. Returns the exit code (1 when a target on `val` fails). */
export async function runSummaryQuality(options: SummaryQualityOptions, out: Out, log: Out): Promise<number> {
  const startedAt = new Date();
  const splits: CorpusSplit[] = options.train ? ['val', 'train'] : ['val'];
  const lines: string[] = ['', 'summary-quality: the built-in summarizer through processConversation, against QMSum human summaries and topics'];
  const results: Record<string, object> = {};
  const headlines: string[] = [];
  let pass = true;
  for (const split of splits) {
    const meetings = loadMeetings(split);
    log(`${split}: ${meetings.length} meetings`);
    const scores: MeetingScores[] = [];
    for (const meeting of meetings) scores.push(await scoreMeeting(meeting));
    const report = reportSplit(split, scores);
    results[split] = report.json;
    if (split === 'val') pass = report.pass;
    headlines.push(`${split} (${meetings.length} meetings): ${report.headline}`);
    lines.push('', ...report.lines);
  }
  lines.push('', 'ROUGE: js-rouge, lower-cased letter/digit tokens, no stemming; Lead and TextRank take as many words as the summary. Pk/WindowDiff over spoken turns, k = half the mean human segment; "even" has as many segments as the summarizer made.');
  out(lines.join('\n'));
  const file = writeResults('summary-quality', startedAt, { benchmark: 'summary-quality', started_at: startedAt.toISOString(), finished_at: new Date().toISOString(), splits: results, pass }, { quick: false, figures: `${headlines.join('. ')}: ${pass ? 'met' : 'not met'}` });
  log(`results written to ${file}`);
  return pass ? 0 : 1;
}
