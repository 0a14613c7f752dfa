import {
  ANSWER_MAX_CHARACTERS,
  boundedAnswer,
  type Catalog,
  GET_CONVERSATION_ARGS,
  omissionNote,
  type OmittedContent,
  OmittedContentSchema,
  READ_CONTENT_TOOL,
  searchQuery,
} from '@cs/catalog';
import { type Conversation, formatTimestamp, type Principal } from '@cs/domain';
import { QueryParams } from '@cs/paging';
import { z } from 'zod/v4';
import { SEARCH_DEFAULT_LIMIT, SEARCH_PARAMS } from '../query/search-params';
import { SNIPPET_FORMAT, type SearchMatch } from '../query/search-hit.schema';
import { markdownText } from '../query/markdown-text';
import type { Search } from '../search';

/*
 * The `search` and `fetch` tools in the shape ChatGPT connectors and deep research expect
 * (https://platform.openai.com/docs/mcp: search takes a query and returns results of id, title, url and text;
 * fetch takes an id and returns the document with its text, url and metadata). They answer from the same Search and
 * Catalog as GET /search and GET /conversations/{id}, under the same visibility.
 */

/** Hits the search tool returns: one page of GET /search at its default size. */
export const CONNECTOR_RESULTS = SEARCH_DEFAULT_LIMIT;

/** A title for a conversation that has none: the tools' answers always carry one. */
const UNTITLED = 'Untitled conversation';

export const SEARCH_TOOL_ARGS = new QueryParams(z.strictObject({ query: searchQuery() }));
export const FETCH_TOOL_ARGS = GET_CONVERSATION_ARGS;

/**
 * The stable link of a conversation (docs/search.md "MCP"): its REST resource URL. It names the conversation for
 * good (ids never change), and a client holding a credential for the workspace can dereference it.
 */
export function conversationUrl(publicApiUrl: string, id: string): string {
  return `${publicApiUrl.replace(/\/+$/, '')}/api/v1/conversations/${encodeURIComponent(id)}`;
}

const resultFields = {
  id: z.string().meta({ description: 'Conversation id (conv_…); pass it to fetch.' }),
  title: z.string().meta({ description: `The conversation's title ("${UNTITLED}" when it has none).` }),
  url: z.string().meta({ format: 'uri', description: 'Stable link to the conversation: its REST resource URL, GET /api/v1/conversations/{id}.' }),
};

export const SearchToolResultSchema = z
  .strictObject({
    results: z
      .array(
        z.strictObject({
          ...resultFields,
          text: z.string().meta({
            description:
              `The best matching passage as a snippet of GET /search (${SNIPPET_FORMAT}); a transcript passage starts ` +
              '`[HH:MM:SS] Speaker: ` like its transcript line, the name escaped the same way.',
          }),
        }),
      )
      .max(CONNECTOR_RESULTS)
      .meta({ description: `The best matching conversations, best first; at most ${CONNECTOR_RESULTS}.` }),
  })
  .meta({ description: 'Search results.' });

export const FetchToolResultSchema = z
  .strictObject({
    ...resultFields,
    text: z.string().meta({
      description:
        'The summary (Markdown), then the content of each source under a `## <source title or type>` heading: transcripts as ' +
        '`[HH:MM:SS] Speaker: text` lines, documents, pasted text and extracted file text. Within ' +
        `${ANSWER_MAX_CHARACTERS} characters of JSON: a source cut short ends with a [Left out: …] line naming the ` +
        `${READ_CONTENT_TOOL} call that reads the rest.`,
    }),
    metadata: z
      .strictObject({
        status: z.string().nullable(),
        created_at: z.string(),
        updated_at: z.string(),
        folder_id: z.string().nullable(),
        digest: z.string().nullable(),
        tags: z.array(z.string()).meta({ description: 'Names of the tags applied.' }),
        participants: z.array(z.string()).meta({ description: 'Speakers of its transcripts.' }),
        source_types: z.array(z.string()),
        omitted: z.array(OmittedContentSchema).meta({ description: 'Source content left out of text to keep the answer within its bound; empty when none was.' }),
      })
      .meta({ description: 'Facts about the conversation besides its text.' }),
  })
  .meta({ description: 'One conversation in full.' });

export type SearchToolResult = z.output<typeof SearchToolResultSchema>;
export type FetchToolResult = z.output<typeof FetchToolResultSchema>;

/** The search tool: the best hits of GET /search for `query`, each with its best snippet. */
export async function searchTool(search: Search, principal: Principal, args: Record<string, unknown> | undefined, publicApiUrl: string): Promise<SearchToolResult> {
  const { query } = SEARCH_TOOL_ARGS.fromJson(args).values;
  const page = await search.search(principal, SEARCH_PARAMS.fromJson({ q: query, limit: CONNECTOR_RESULTS }));
  return {
    results: page.data.map(({ conversation, matches }) => ({
      id: conversation.id,
      title: conversation.title ?? UNTITLED,
      url: conversationUrl(publicApiUrl, conversation.id),
      text: matches[0] ? matchText(matches[0]) : '',
    })),
  };
}

/**
 * A transcript match reads like its transcript line, so a model can quote who said it and when. The speaker's name
 * is stored text like the snippet, so it is made inert the same way: the text stays Markdown whose only markup is
 * the snippet's `**` (docs/search.md "Snippets").
 */
function matchText(match: SearchMatch): string {
  if (match.speaker === null || match.start_seconds === null) return match.snippet;
  return `[${formatTimestamp(match.start_seconds)}] ${markdownText(match.speaker)}: ${match.snippet}`;
}

/** The fetch tool: GET /conversations/{id} as one text, within the answer bound (@cs/catalog's boundedAnswer). */
export async function fetchTool(catalog: Catalog, principal: Principal, args: Record<string, unknown> | undefined, publicApiUrl: string): Promise<FetchToolResult> {
  const conversation = await catalog.getConversation(principal, FETCH_TOOL_ARGS.fromJson(args).values.id);
  return boundedAnswer(conversation, (shown, omitted) => fetchDocument(shown, omitted, publicApiUrl));
}

function fetchDocument(conversation: Conversation, omitted: OmittedContent[], publicApiUrl: string): FetchToolResult {
  return {
    id: conversation.id,
    title: conversation.title ?? UNTITLED,
    url: conversationUrl(publicApiUrl, conversation.id),
    text: fullText(conversation, omitted),
    metadata: {
      status: conversation.status,
      created_at: conversation.created_at,
      updated_at: conversation.updated_at,
      folder_id: conversation.folder_id,
      digest: conversation.digest,
      tags: conversation.tags.map((tag) => tag.name),
      participants: [...new Set(conversation.sources.flatMap((source) => source.participants.map((p) => p.name)))],
      source_types: conversation.sources.map((source) => source.type),
      omitted,
    },
  };
}

function fullText(conversation: Conversation, omitted: OmittedContent[]): string {
  const parts = conversation.summary ? [conversation.summary] : [];
  for (const source of conversation.sources) {
    const label = source.title ?? source.type;
    const cut = omitted.find((o) => o.source_id === source.id);
    if (source.content) parts.push(`## ${label}\n\n${source.content}`);
    else if (cut) parts.push(`## ${label}`);
    if (cut) parts.push(omissionNote(cut, label));
  }
  return parts.join('\n\n');
}
