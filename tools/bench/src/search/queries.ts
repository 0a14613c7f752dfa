import { type CorpusMeeting, loadQueries, type TimedTurn } from '@cs/meeting-corpus';
import { MAX_QUERY_WORDS } from '@cs/catalog';
import { keywordsOf } from '../search-relevance/query-forms';
import type { CorpusFolder } from './corpus-generator';

/** The classes the 280 queries fall in, 40 each; each is measured and judged on its own. */
export const QUERY_CLASSES = ['rare', 'common', 'two-words', 'phrase', 'filtered', 'questions', 'keywords'] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];
export const QUERIES_PER_CLASS = 40;

export const CLASS_DESCRIPTIONS: Record<QueryClass, string> = {
  rare: 'one word said in a single meeting of the 197 (so in ~0.5% of the conversations)',
  common: 'one word said in at least 60% of the meetings',
  'two-words': 'two words of one speaker turn, both must match',
  phrase: 'a quoted phrase of 2 or 3 words as said in a turn',
  filtered: 'a word with one filter each: folder_id (recursive), tag_id, speaker, created_after, source_type',
  questions: "a QMSum question about one of the meetings, as its annotator wrote it (\"What did the group discuss about the remote's buttons?\")",
  keywords: "the same kind of question as keywords, stop and framing words removed (search-relevance's keyword form)",
};

/** Filters of GET /api/v1/search; folder_id, tag_id and created_after are also filters of the conversation list. */
export interface QueryFilters {
  folder_id?: string;
  tag_id?: string;
  speaker?: string;
  created_after?: string;
  source_type?: 'transcript' | 'document';
}

export interface BenchQuery {
  class: QueryClass;
  q: string;
  filters: QueryFilters;
}

/**
 * PostgreSQL's English stop words (snowball english.stop, which the cs_english configuration copies): a query of
 * only these finds nothing, so no query is drawn from them.
 */
const PG_ENGLISH_STOP = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself
they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having
do does did doing a an the and but if or because as until while of at by for with about against between into through during
before after above below to from up down in out on off over under again further then once here there when where why how all any
both each few more most other some such no nor not only own same so than too very s t can will just don should now`.split(/\s+/),
);
/** Fillers of speech nobody searches for, though the index holds them. */
const FILLERS = new Set(['yeah', 'okay', 'hmm', 'mhm', 'uhm', 'right', 'well', 'gonna', 'wanna', 'sort', 'kind', 'like', 'know', 'mean', 'think']);

const isSearchable = (word: string, minLength: number): boolean =>
  word.length >= minLength && /^[a-z]+$/.test(word) && !PG_ENGLISH_STOP.has(word) && !FILLERS.has(word);

/**
 * Words of a text, lower-cased: tokens between spaces without their leading and trailing punctuation, those of
 * letters only ("haven't" and "x-ray" are no single word to search for).
 */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((token) => token.replace(/^[^a-z]+|[^a-z]+$/g, ''))
    .filter((w) => /^[a-z]+$/.test(w));
}

/** A rough English stem, so "budgets" and "budgeting" count as one word when measuring how rare a word is. */
export const stemKey = (word: string): string => word.replace(/(?:ing|ed|es|s|ly)$/, '');

interface MeetingWords {
  meeting: CorpusMeeting;
  turns: readonly TimedTurn[];
  /** Stem key → count in the meeting. */
  counts: Map<string, number>;
}

export interface QueryContext {
  /** The meetings, each with its timed turns (as the corpus generator uses them). */
  meetings: ReadonlyArray<{ meeting: CorpusMeeting; turns: readonly TimedTurn[] }>;
  /** Workspace #0's folders and tags, and the names its members lend the AMI roles in odd replicas. */
  folders: readonly CorpusFolder[];
  tags: ReadonlyArray<{ id: string; name: string }>;
  memberNames: readonly string[];
  firstCreatedAt: string;
  lastCreatedAt: string;
}

const AMI_ROLES = ['Project Manager', 'Marketing', 'Industrial Designer', 'User Interface'];

/**
 * The benchmark's 280 queries, drawn from the corpus with a seeded generator (the same corpus and seed give the
 * same queries): 40 per class, in class order.
 */
export function drawQueries(context: QueryContext, rng: () => number): BenchQuery[] {
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('nothing to draw a query from');
    return items[Math.floor(rng() * items.length)] as T;
  };
  const perMeeting: MeetingWords[] = context.meetings.map(({ meeting, turns }) => {
    const counts = new Map<string, number>();
    for (const turn of turns) for (const w of words(turn.text)) counts.set(stemKey(w), (counts.get(stemKey(w)) ?? 0) + 1);
    return { meeting, turns, counts };
  });
  const df = new Map<string, number>();
  for (const m of perMeeting) for (const key of m.counts.keys()) df.set(key, (df.get(key) ?? 0) + 1);
  const meetingCount = perMeeting.length;
  const dfOf = (word: string): number => df.get(stemKey(word)) ?? 0;

  // Surface forms (the form as said), sorted, so the draw does not depend on Map order.
  const surface = new Map<string, string>();
  for (const m of perMeeting) for (const turn of m.turns) for (const w of words(turn.text)) if (!surface.has(stemKey(w))) surface.set(stemKey(w), w);
  const forms = [...surface.values()].sort();
  const rare = forms.filter((w) => isSearchable(w, 6) && dfOf(w) === 1 && perMeeting.some((m) => (m.counts.get(stemKey(w)) ?? 0) >= 2));
  const common = forms.filter((w) => isSearchable(w, 4) && dfOf(w) >= 0.6 * meetingCount);
  const middling = forms.filter((w) => isSearchable(w, 5) && dfOf(w) >= 20 && dfOf(w) <= 100);
  const contentWord = (w: string): boolean => isSearchable(w, 5) && dfOf(w) >= 3 && dfOf(w) <= 150;

  const longTurn = (min: number): { meeting: CorpusMeeting; turn: TimedTurn } => {
    for (;;) {
      const m = pick(perMeeting);
      const turn = pick(m.turns);
      if (words(turn.text).length >= min) return { meeting: m.meeting, turn };
    }
  };
  const distinct = (draw: (index: number) => BenchQuery): BenchQuery[] => {
    const out: BenchQuery[] = [];
    const seen = new Set<string>();
    for (let attempts = 0; out.length < QUERIES_PER_CLASS; attempts++) {
      if (attempts > 100_000) throw new Error('could not draw enough distinct queries');
      const query = draw(out.length);
      const key = `${query.q}|${JSON.stringify(query.filters)}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(query);
      }
    }
    return out;
  };

  const queries: BenchQuery[] = [];
  queries.push(...distinct(() => ({ class: 'rare', q: pick(rare), filters: {} })));
  queries.push(...distinct(() => ({ class: 'common', q: pick(common), filters: {} })));
  queries.push(
    ...distinct(() => {
      for (;;) {
        const candidates = [...new Set(words(longTurn(12).turn.text).filter(contentWord))];
        if (candidates.length < 2) continue;
        const first = pick(candidates);
        const second = pick(candidates.filter((w) => w !== first));
        return { class: 'two-words', q: `${first} ${second}`, filters: {} };
      }
    }),
  );
  queries.push(
    ...distinct(() => {
      for (;;) {
        const tokens = longTurn(8).turn.text.split(/\s+/).map((t) => t.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, ''));
        const runs: string[][] = [];
        for (let i = 0; i + 1 < tokens.length; i++) {
          const a = (tokens[i] as string).toLowerCase();
          const b = (tokens[i + 1] as string).toLowerCase();
          if (!isSearchable(a, 4) || !isSearchable(b, 4)) continue;
          const c = (tokens[i + 2] ?? '').toLowerCase();
          runs.push(isSearchable(c, 4) && rng() < 0.4 ? [a, b, c] : [a, b]);
        }
        if (runs.length === 0) continue;
        return { class: 'phrase', q: `"${pick(runs).join(' ')}"`, filters: {} };
      }
    }),
  );

  const topFolders = context.folders.filter((f) => f.parentId === null);
  const popularTags = context.tags.slice(0, 5);
  const first = Date.parse(context.firstCreatedAt);
  const span = Date.parse(context.lastCreatedAt) - first;
  const filterKinds = ['folder', 'tag', 'speaker', 'created_after', 'source_type'] as const;
  queries.push(
    ...distinct((index) => {
      // Eight of each filter.
      const kind = filterKinds[index % filterKinds.length];
      switch (kind) {
        case 'folder':
          return { class: 'filtered', q: pick(middling), filters: { folder_id: pick(topFolders).id } };
        case 'tag':
          return { class: 'filtered', q: pick(middling), filters: { tag_id: pick(popularTags).id } };
        case 'created_after': {
          const at = new Date(first + Math.floor(span * (0.5 + 0.4 * rng())));
          return { class: 'filtered', q: pick(middling), filters: { created_after: at.toISOString() } };
        }
        case 'source_type': {
          if (rng() < 0.5) return { class: 'filtered', q: pick(middling), filters: { source_type: 'transcript' } };
          const topical = [...new Set(pick(perMeeting).meeting.topics.flatMap((t) => words(t.topic)))].filter((w) => isSearchable(w, 5));
          return { class: 'filtered', q: topical.length > 0 ? pick(topical) : pick(middling), filters: { source_type: 'document' } };
        }
        default: {
          // A speaker with a word they said; an AMI role is sometimes asked by the member name odd replicas give it.
          for (;;) {
            const m = pick(perMeeting);
            const turn = pick(m.turns);
            const said = words(turn.text).filter((w) => isSearchable(w, 5));
            if (said.length === 0) continue;
            const role = AMI_ROLES.indexOf(turn.speaker);
            const speaker = m.meeting.corpus === 'ami' && role >= 0 && rng() < 0.5 && context.memberNames.length > 0
              ? (context.memberNames[role % context.memberNames.length] as string)
              : turn.speaker;
            return { class: 'filtered', q: pick(said), filters: { speaker } };
          }
        }
      }
    }),
  );
  // QMSum's questions about the corpus's meetings (both splits, as the corpus holds both), at most MAX_QUERY_WORDS
  // words as the api takes them.
  const meetingIds = new Set(context.meetings.map(({ meeting }) => meeting.id));
  const questions = [...loadQueries('train'), ...loadQueries('val')]
    .filter((q) => meetingIds.has(q.meetingId))
    .map((q) => q.query)
    .filter((q) => words(q).length > 0 && q.split(/\s+/).length <= MAX_QUERY_WORDS);
  queries.push(...distinct(() => ({ class: 'questions', q: pick(questions), filters: {} })));
  queries.push(
    ...distinct(() => {
      for (;;) {
        const keywords = keywordsOf(pick(questions));
        if (keywords.length > 0) return { class: 'keywords', q: keywords, filters: {} };
      }
    }),
  );
  return queries;
}

const encodeParams = (params: Array<[string, string]>): string => params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

/** GET /api/v1/search with the query and all its filters. */
export function searchPath(query: BenchQuery, limit = 10): string {
  const params: Array<[string, string]> = [['q', query.q]];
  for (const [name, value] of Object.entries(query.filters)) params.push([name, value as string]);
  params.push(['limit', String(limit)]);
  return `/api/v1/search?${encodeParams(params)}`;
}

/** GET /api/v1/conversations with `q` and the filters the list has too (speaker and source_type are search's own). */
export function listPath(query: BenchQuery, limit = 25): string {
  const params: Array<[string, string]> = [['q', query.q]];
  const { folder_id, tag_id, created_after } = query.filters;
  if (folder_id !== undefined) params.push(['folder_id', folder_id]);
  if (tag_id !== undefined) params.push(['tag_id', tag_id]);
  if (created_after !== undefined) params.push(['created_after', created_after]);
  params.push(['limit', String(limit)]);
  return `/api/v1/conversations?${encodeParams(params)}`;
}
