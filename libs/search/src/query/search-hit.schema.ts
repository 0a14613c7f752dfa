import { ConversationListEntrySchema } from '@cs/catalog';
import { type ConversationListEntry, type SourceType, SOURCE_TYPES } from '@cs/domain';
import { listEnvelope } from '@cs/paging';
import { z } from 'zod/v4';
import { SNIPPET_MAX_WORDS } from './snippet';

export const MAX_MATCHES_PER_HIT = 5;

/** How a snippet is written (docs/search.md "Snippets"), for every schema that carries one. */
export const SNIPPET_FORMAT =
  'Markdown whose only markup is `**` around matched terms: `&`, `<` and `>` of the text are HTML entities and every other ' +
  'Markdown punctuation is escaped with a backslash, so it renders as the stored text in any Markdown or HTML renderer';

export const SEARCH_FIELDS = ['title', 'digest', 'summary', 'content'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface SearchMatch {
  source_id: string | null;
  source_type: SourceType | null;
  field: SearchField;
  speaker: string | null;
  start_seconds: number | null;
  snippet: string;
}

export interface SearchHit {
  conversation: ConversationListEntry;
  score: number;
  matches: SearchMatch[];
}

export const SearchMatchSchema = z
  .strictObject({
    source_id: z.string().nullable().meta({ description: 'The source the match is in; null for the title, digest and summary.' }),
    source_type: z.enum(SOURCE_TYPES).nullable().meta({ description: "The source's type; null for the title, digest and summary." }),
    field: z.enum(SEARCH_FIELDS).meta({ description: 'Where the match is: the title, the digest, the summary or the content of a source.' }),
    speaker: z.string().nullable().meta({ description: 'Transcript matches: who said it. null otherwise.' }),
    start_seconds: z.int().min(0).nullable().meta({ description: 'Transcript matches: the second the speaker turn starts at. null otherwise.' }),
    snippet: z.string().meta({
      description: `An excerpt of the matched passage, at most ${SNIPPET_MAX_WORDS} words around its best matches: ${SNIPPET_FORMAT}. See docs/search.md.`,
    }),
  })
  .meta({ description: 'One passage of the conversation that matches the query.' }) satisfies z.ZodType<SearchMatch>;

export const SearchHitSchema = z
  .strictObject({
    conversation: ConversationListEntrySchema,
    score: z.number().min(0).meta({ description: 'Relevance: higher is better. Comparable only within one query.' }),
    matches: z.array(SearchMatchSchema).max(MAX_MATCHES_PER_HIT).meta({ description: `The best matching passages, best first; at most ${MAX_MATCHES_PER_HIT}.` }),
  })
  .meta({ description: 'A conversation that matches the query, its score and where it matches.' }) satisfies z.ZodType<SearchHit>;

export const SearchPageSchema = listEnvelope(SearchHitSchema, 'A page of search hits, best first.');

/** The search answer's resources by the names the OpenAPI document gives their components. */
export const SEARCH_RESOURCE_SCHEMAS = { SearchMatch: SearchMatchSchema, SearchHit: SearchHitSchema, SearchPage: SearchPageSchema };
