import type { CorpusName } from '@cs/meeting-corpus';
import { QUERY_FORM_LABELS, QUERY_FORMS, type QueryForm } from './query-forms';
import type { RelevanceFigures } from './relevance-metrics';

export const SYSTEMS = ['service', 'strict', 'bm25'] as const;
export type RelevanceSystem = (typeof SYSTEMS)[number];

export const SYSTEM_LABELS: Record<RelevanceSystem, string> = {
  service: 'service (GET /search)',
  strict: 'strict (every word in one passage, ts_rank)',
  bm25: 'BM25 (wink-bm25-text-search)',
};

export type Scope = CorpusName | 'all';

/** Figures of one system, form and scope (a corpus, or all queries). */
export type FigureTable = Record<RelevanceSystem, Record<QueryForm, Record<Scope, RelevanceFigures>>>;

/** The issue's targets, on val, for the service against the BM25 baseline of the same run; shares as 0 to 1. */
export const RELEVANCE_TARGETS = {
  minAnswered: 0.99,
  top5Margin: 0.05,
  passage5Margin: 0.03,
} as const;

export interface TargetVerdict {
  target: string;
  form: QueryForm;
  service: number;
  /** What the service had to reach (or pass, for rank 1). */
  needed: number;
  met: boolean;
}

/** Every target on both forms, over all queries. */
export function judgeTargets(figures: FigureTable): TargetVerdict[] {
  return QUERY_FORMS.flatMap((form) => {
    const service = figures.service[form].all;
    const bm25 = figures.bm25[form].all;
    return [
      { target: `queries answered ≥ ${RELEVANCE_TARGETS.minAnswered * 100}%`, form, service: service.answered, needed: RELEVANCE_TARGETS.minAnswered, met: service.answered >= RELEVANCE_TARGETS.minAnswered },
      { target: `top 5 ≥ BM25 + ${RELEVANCE_TARGETS.top5Margin * 100} points`, form, service: service.top5, needed: bm25.top5 + RELEVANCE_TARGETS.top5Margin, met: service.top5 >= bm25.top5 + RELEVANCE_TARGETS.top5Margin },
      { target: `passage@5 ≥ BM25 + ${RELEVANCE_TARGETS.passage5Margin * 100} points`, form, service: service.passage5, needed: bm25.passage5 + RELEVANCE_TARGETS.passage5Margin, met: service.passage5 >= bm25.passage5 + RELEVANCE_TARGETS.passage5Margin },
      { target: 'rank 1 > BM25', form, service: service.rank1, needed: bm25.rank1, met: service.rank1 > bm25.rank1 },
    ];
  });
}

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** One Markdown table of every system and form for a scope. */
export function formatScopeTable(figures: FigureTable, scope: Scope): string {
  const rows = SYSTEMS.flatMap((system) =>
    QUERY_FORMS.map((form) => {
      const f = figures[system][form][scope];
      return `| ${SYSTEM_LABELS[system]} | ${QUERY_FORM_LABELS[form]} | ${f.queries} | ${percent(f.answered)} | ${percent(f.rank1)} | ${percent(f.top5)} | ${f.mrr10.toFixed(3)} | ${percent(f.passage5)} |`;
    }),
  );
  return [
    '| system | form | queries | answered | rank 1 | top 5 | MRR@10 | passage@5 |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
    ...rows,
  ].join('\n');
}

/** The targets as a Markdown table; `binding` says whether this run's split is the one they are judged on. */
export function formatTargets(verdicts: readonly TargetVerdict[], binding: boolean): string {
  const verdict = (met: boolean) => (met ? 'met' : binding ? '**not met**' : 'not met');
  return [
    '| target (service vs BM25, all queries) | form | service | needed | verdict |',
    '|---|---|--:|--:|---|',
    ...verdicts.map((v) => `| ${v.target} | ${QUERY_FORM_LABELS[v.form]} | ${percent(v.service)} | ${v.target.startsWith('rank 1') ? `> ${percent(v.needed)}` : percent(v.needed)} | ${verdict(v.met)} |`),
  ].join('\n');
}
