import WINK_STOP_WORDS from 'wink-nlp-utils/src/dictionaries/stop_words.json';

/** How a question is sent: as the annotators wrote it, or as a person types keywords into a search box. */
export const QUERY_FORMS = ['question', 'keywords'] as const;
export type QueryForm = (typeof QUERY_FORMS)[number];

export const QUERY_FORM_LABELS: Record<QueryForm, string> = { question: 'questions as written', keywords: 'keywords' };

/**
 * Words asking about a meeting rather than naming what was said: someone typing keywords leaves them out
 * ("What did the group discuss about remote control style?" → "remote control style", the issue's own example).
 * Chosen from the framing of the train questions only.
 */
const FRAMING_WORDS = [
  'summarize', 'summarise', 'summary', 'discuss', 'discussed', 'discusses', 'discussing', 'discussion', 'discussions',
  'talk', 'talked', 'talking', 'talks', 'say', 'said', 'says', 'think', 'thinks', 'thought', 'thoughts',
  'opinion', 'opinions', 'view', 'views', 'agree', 'agreed', 'disagree', 'disagreed', 'group', 'team', 'meeting',
  'towards', 'whole',
];

/**
 * The one stop list of the keyword form: the English stop words of wink-nlp-utils (the BM25 baseline's own list,
 * so neither form favours the baseline by what it drops) and the framing words above.
 */
export const KEYWORD_STOP_WORDS: ReadonlySet<string> = new Set([...(WINK_STOP_WORDS as string[]), ...FRAMING_WORDS]);

/** Words as a search box would take them: letters and digits, with inner apostrophes ("team's", "don't"). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** A possessive counts as its word: "group's" is framing as "group" is. */
const withoutPossessive = (word: string): string => word.replace(/['’]s$/u, '');

/** The question's keywords: its words in order, lower-cased, stop words and framing words left out. Empty when none is left. */
export function keywordsOf(question: string): string {
  return (question.toLowerCase().match(WORD) ?? [])
    .filter((word) => !KEYWORD_STOP_WORDS.has(word) && !KEYWORD_STOP_WORDS.has(withoutPossessive(word)))
    .join(' ');
}

/** The text sent for a question in a form. */
export const queryText = (question: string, form: QueryForm): string => (form === 'question' ? question : keywordsOf(question));
