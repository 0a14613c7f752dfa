import { loadavg } from 'node:os';
import { CORPUS_NAMES, type CorpusQuery, type CorpusSplit, loadMeetings, loadQueries, timedTurns } from '@cs/meeting-corpus';
import { poolQueryable } from '@cs/persistence';
import { Pool } from 'pg';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { machineFacts, writeResults } from '../kit/results-file';
import { serviceUrls } from '../kit/service-urls';
import { answerWindows } from './answer-windows';
import { Bm25Retrieval } from './bm25-retrieval';
import { QUERY_FORMS, type QueryForm, queryText } from './query-forms';
import { ensureRelevanceCorpus, relevanceDatabase } from './relevance-corpus';
import { judgeAnswer, type QueryJudgement, type RankedAnswer, relevanceFigures } from './relevance-metrics';
import { type FigureTable, formatScopeTable, formatTargets, judgeTargets, type Scope, SYSTEM_LABELS, SYSTEMS, type RelevanceSystem } from './relevance-report';
import { RelevanceServers } from './relevance-servers';
import { ServiceRetrieval } from './service-retrieval';
import { meetingsWithUnexpectedStarts } from './stored-starts-check';
import { StrictRetrieval } from './strict-retrieval';


const METRIC_NAMES = { top5: 'top 5', passage5: 'passage@5', rank1: 'rank 1' } as const;

/** A database name the bench may drop and create: what Postgres takes unquoted, so no name can reach another's. */
const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export const SEARCH_RELEVANCE_COMMAND = benchCommand('search-relevance', {
  flags: {
    split: {
      flag: '--split',
      text: true,
      full: 'train',
      accepts: (value: string): value is CorpusSplit => value === 'train' || value === 'val',
      expects: 'train or val',
      placeholder: 'train|val',
      help: 'the QMSum split whose meetings are ingested and whose questions are asked; report val, develop on train',
    },
    regenerate: { flag: '--regenerate', switch: true, help: "drop the split's database and ingest its meetings again even when a complete corpus is there" },
    queries: { flag: '--queries', full: null, help: 'ask only the first N questions of the split: a smoke test, whose figures mean little' },
    database: {
      flag: '--database',
      text: true,
      full: null,
      accepts: (value: string): value is string => DATABASE_NAME.test(value),
      expects: 'a name of lower-case letters, digits and _',
      placeholder: 'NAME',
      help: "the corpus's database (cs_bench_relevance_<split>): another name keeps two checkouts on one server apart",
    },
  },
});
export type SearchRelevanceOptions = OptionsOf<typeof SEARCH_RELEVANCE_COMMAND>;

type Out = (text: string) => void;

/** One question in one form: what was sent and how each system did. */
interface AskedQuery {
  meeting: string;
  index: number;
  form: QueryForm;
  text: string;
  judgements: Record<RelevanceSystem, QueryJudgement>;
  /** What each system returned: the meetings of its conversations, best first, each with its matches' start seconds. */
  ranked: Record<RelevanceSystem, Array<{ meeting: string; starts: ReadonlyArray<number | null> }>>;
  /** Systems that refused the query, and why. */
  refused?: Partial<Record<RelevanceSystem, string>>;
}

const NOT_ASKED: QueryJudgement = { answered: false, rank: null, passageHit: false };

/** `search-relevance`: see tools/bench/README.md. Returns the exit code (3 on val when a target is not met). */
export async function runSearchRelevance(options: SearchRelevanceOptions, out: Out, log: Out): Promise<number> {
  const startedAt = new Date();
  const { databaseUrl: serverUrl, redisUrl } = serviceUrls();
  const meetings = loadMeetings(options.split);
  const allQueries = loadQueries(options.split);
  const questions: readonly CorpusQuery[] = options.queries === null ? allQueries : allQueries.slice(0, options.queries);
  const meetingById = new Map(meetings.map((m) => [m.id, m]));

  const corpus = await ensureRelevanceCorpus({
    serverUrl,
    split: options.split,
    database: options.database ?? relevanceDatabase(options.split),
    meetings,
    regenerate: options.regenerate,
    startServers: (url) => RelevanceServers.start(url, redisUrl),
    log,
  });
  const pool = new Pool({ connectionString: corpus.url, max: 2, application_name: 'bench' });
  try {
    const db = poolQueryable(pool);
    const unexpected = await meetingsWithUnexpectedStarts(db, corpus.info.workspaceId, meetings, corpus.info.conversations);
    if (unexpected.length > 0) {
      throw new Error(`the stored start seconds of ${unexpected.length} meetings (${unexpected.slice(0, 5).join(', ')}) are not those answer-windows.ts expects: passage@5 would be wrong`);
    }
    const bm25Started = Date.now();
    const bm25 = await Bm25Retrieval.load(db, corpus.info.workspaceId);
    log(`BM25 index of ${bm25.passageCount.toLocaleString('en-US')} passages built in ${((Date.now() - bm25Started) / 1000).toFixed(1)} s`);
    const service = new ServiceRetrieval(corpus.servers.api.origin, corpus.info.apiKey);
    const strict = await StrictRetrieval.load(db, corpus.info.workspaceId);
    const retrievals: Record<RelevanceSystem, (text: string) => Promise<RankedAnswer> | RankedAnswer> = {
      service: (text) => service.search(text),
      strict: (text) => strict.search(text),
      bm25: (text) => bm25.search(text),
    };

    const meetingOf = new Map(Object.entries(corpus.info.conversations).map(([meeting, conversation]) => [conversation, meeting]));
    const loadBefore = loadavg()[0] ?? 0;
    const asked: AskedQuery[] = [];
    for (const [n, question] of questions.entries()) {
      const meeting = meetingById.get(question.meetingId);
      const conversationId = corpus.info.conversations[question.meetingId];
      if (!meeting || !conversationId) throw new Error(`question ${question.meetingId}#${question.index} names no ingested meeting`);
      const windows = answerWindows(timedTurns(meeting), question.spans);
      for (const form of QUERY_FORMS) {
        const text = queryText(question.query, form);
        const judgements = {} as Record<RelevanceSystem, QueryJudgement>;
        const refused: Partial<Record<RelevanceSystem, string>> = {};
        const ranked = { service: [], strict: [], bm25: [] } as AskedQuery['ranked'];
        for (const system of SYSTEMS) {
          // A question of framing words only leaves no keywords: nothing is sent, and no system answers it.
          if (text === '') {
            judgements[system] = NOT_ASKED;
            continue;
          }
          const answer = await retrievals[system](text);
          if (answer.refused !== undefined) refused[system] = answer.refused;
          ranked[system] = answer.conversations.map((c) => ({ meeting: meetingOf.get(c.id) ?? c.id, starts: c.matchStarts }));
          judgements[system] = judgeAnswer(answer, conversationId, windows);
        }
        asked.push({ meeting: question.meetingId, index: question.index, form, text, judgements, ranked, ...(Object.keys(refused).length > 0 ? { refused } : {}) });
      }
      if ((n + 1) % 100 === 0) log(`  ${n + 1}/${questions.length} questions asked in both forms`);
    }
    const loadAfter = loadavg()[0] ?? 0;

    const corpusOf = (meetingId: string) => meetingById.get(meetingId)?.corpus;
    const scopes: Scope[] = ['all', ...CORPUS_NAMES.filter((c) => questions.some((q) => corpusOf(q.meetingId) === c))];
    const figures = Object.fromEntries(
      SYSTEMS.map((system) => [
        system,
        Object.fromEntries(
          QUERY_FORMS.map((form) => [
            form,
            Object.fromEntries(
              scopes.map((scope) => [
                scope,
                relevanceFigures(asked.filter((a) => a.form === form && (scope === 'all' || corpusOf(a.meeting) === scope)).map((a) => a.judgements[system])),
              ]),
            ),
          ]),
        ),
      ]),
    ) as FigureTable;
    const verdicts = judgeTargets(figures);
    const binding = options.split === 'val' && options.queries === null;
    const allMet = verdicts.every((v) => v.met);
    const emptyKeywords = asked.filter((a) => a.form === 'keywords' && a.text === '').length;
    const refusals = SYSTEMS.flatMap((system) => {
      const reasons = asked.flatMap((a) => (a.refused?.[system] === undefined ? [] : [`${a.form}: ${a.refused[system]}`]));
      const counts = [...new Set(reasons)].map((reason) => `${reasons.filter((r) => r === reason).length} × ${reason}`);
      return reasons.length === 0 ? [] : [`${system} refused ${reasons.length} queries (counted as unanswered): ${counts.join('; ')}`];
    });

    out(
      [
        '',
        `## search-relevance (${options.split}): ${questions.length.toLocaleString('en-US')} QMSum questions about ${meetings.length} meetings, in one workspace`,
        '',
        `corpus: database ${corpus.database}, ${corpus.ingestedNow ? 'ingested now' : `reused (ingested ${corpus.info.ingestedAt})`} through POST /api/v1/conversations and the processor ` +
          `in ${corpus.info.ingestSeconds.toFixed(0)} s; ${corpus.info.passages.toLocaleString('en-US')} passages`,
        `systems: ${SYSTEMS.map((s) => SYSTEM_LABELS[s]).join('; ')}; 10 conversations each, passage@5 from the right meeting's best 5 matches`,
        `keyword form: stop and framing words removed${emptyKeywords > 0 ? `; ${emptyKeywords} questions left no keyword and count as unanswered` : ''}`,
        ...refusals,
        `machine load average (1 min): ${loadBefore.toFixed(2)} before the questions, ${loadAfter.toFixed(2)} after`,
        ...scopes.flatMap((scope) => ['', `### ${scope === 'all' ? 'all queries' : scope}`, '', formatScopeTable(figures, scope)]),
        '',
        `### targets (judged on val${binding ? '' : `; this run is ${options.split === 'val' ? 'a partial val run' : options.split}: shown, not judged`})`,
        '',
        formatTargets(verdicts, binding),
        '',
      ].join('\n'),
    );
    const file = writeResults('search-relevance', startedAt, {
      benchmark: 'search-relevance',
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      split: options.split,
      questions: questions.length,
      partial: options.queries !== null,
      machine: machineFacts(null, loadBefore, loadAfter),
      corpus: { database: corpus.database, ingested_now: corpus.ingestedNow, ingest_seconds: corpus.info.ingestSeconds, ingested_at: corpus.info.ingestedAt, passages: corpus.info.passages, meetings: meetings.length },
      figures,
      targets: verdicts,
      targets_judged: binding,
      targets_met: allMet,
      queries: asked,
    }, {
      quick: options.queries !== null,
      figures:
        `${options.split}, ${questions.length.toLocaleString('en-US')} questions; service / BM25 / strict, questions as written | keywords: ` +
        (['top5', 'passage5', 'rank1'] as const)
          .map((metric) => `${METRIC_NAMES[metric]} ${QUERY_FORMS.map((form) => (['service', 'bm25', 'strict'] as const).map((system) => (figures[system][form].all[metric] * 100).toFixed(1)).join(' / ')).join(' | ')}`)
          .join('; ') +
        `: ${binding ? (allMet ? 'met' : 'not met') : 'not judged'}`,
    });
    out(`results: ${file}`);
    return binding && !allMet ? 3 : 0;
  } finally {
    await pool.end();
    await corpus.servers.stop();
  }
}
