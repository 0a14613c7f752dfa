import {
  ANSWER_MAX_CHARACTERS,
  boundConversation,
  type Catalog,
  GET_CONVERSATION_ARGS,
  GET_TRANSCRIPT_ARGS,
  READ_CONTENT_TOOL,
} from '@cs/catalog';
import { ACCOUNT_ROUTES, CONVERSATION_ROUTES, FOLDER_ROUTES } from '@cs/api-routes';
import { CONNECTOR_RESULTS, FETCH_TOOL_ARGS, fetchTool, type Search, SEARCH_TOOL_ARGS, searchTool } from '@cs/search';
import { DEFAULT_LIMIT, type JsonSchema, MAX_LIMIT } from '@cs/paging';
import type { Principal, Scope } from '@cs/domain';
import type { ResourceLink } from '@modelcontextprotocol/server';
import { conversationLink } from '../resources/conversation-uri';
import {
  BOUNDED_CONVERSATION_SCHEMA,
  CONTENT_PAGE_SCHEMA,
  CONVERSATION_PAGE_SCHEMA,
  FETCH_RESULT_SCHEMA,
  FOLDER_PAGE_SCHEMA,
  ME_SCHEMA,
  SEARCH_RESULTS_SCHEMA,
} from './json-schema';
import { toolInput, wrappedRoute } from './tool-input';

/** What a tool reads with: the read models REST uses, and the public API URL links are made of. */
export interface ToolServices {
  catalog: Catalog;
  search: Search;
  publicApiUrl: string;
}

export interface ToolDefinition<R extends object = object> {
  name: string;
  title: string;
  /** Written for a language model: what it returns, when to use it, how to page. */
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** The scope a token needs to call the tool; null: any valid token (get-me, like GET /me). */
  scope: Scope | null;
  run(services: ToolServices, principal: Principal, args: Record<string, unknown> | undefined): Promise<R>;
  /**
   * A resource_link to the conversation an answer is about, after its text block. Lists carry none: the SDK checks
   * every content block of a result against its schemas, 8 to 40 µs a link measured in-process, so a page of 25
   * would add 0.2 to 1 ms to a call of about 0.6 ms; resources/list gives their URIs to clients that want them.
   */
  links?(result: R): ResourceLink[];
}

/** Checks a tool's links against what its run returns, then lists it with the others. */
const tool = <R extends object>(definition: ToolDefinition<R>): ToolDefinition => definition as unknown as ToolDefinition;

const PAGING =
  'Results are paged: when has_more is true, call again with cursor set to next_cursor (and the same filters) for the next page.';

const PAGE_INPUT = {
  limit: `Page size, 1 to ${MAX_LIMIT}. Default ${DEFAULT_LIMIT}.`,
  cursor:
    'Opaque next_cursor from the previous page of the same listing; omit for the first page. Do not build or edit it. ' +
    'If it is rejected (invalid_cursor), start again without it.',
};

/** The REST reads three tools wrap: the same query schema and the same scope. */
const LIST_CONVERSATIONS = wrappedRoute(CONVERSATION_ROUTES.list);
const LIST_FOLDERS = wrappedRoute(FOLDER_ROUTES.list);
const GET_ME = wrappedRoute(ACCOUNT_ROUTES.me);

/**
 * The spec's four tools ("MCP tools"), each wrapping one REST read and returning what that endpoint returns (a
 * conversation within the answer bound, docs/mcp.md "Bounded answers"), get-transcript for the rest of a long
 * conversation, and search and fetch in the shape ChatGPT connectors and deep research expect (docs/search.md "MCP").
 */
export const TOOLS: readonly ToolDefinition[] = [
  tool({
    name: 'list-conversations',
    title: 'List conversations',
    description:
      'Lists the meetings and notes ("conversations") the user can see in the connected workspace, newest first. Each item has id, title, ' +
      'created_at, status, digest (a one-line AI summary), tags, folder_id and the list of sources (type, duration, language) but no ' +
      'summary and no transcript text: call get-conversation with an id for those. By default only conversations with status ready are ' +
      'listed. Filter by folder_id (from list-folders; subfolders included unless recursive is false), status, or created_after for ' +
      `what is new since a date. ${PAGING}`,
    inputSchema: toolInput(LIST_CONVERSATIONS.params, {
      q:
        'Only conversations whose title, digest, summary or content matches this text query (words all required, "phrases", -excluded, OR); ' +
        'the order stays newest first. For ranked results with snippets use search.',
      status:
        'Processing state to list. Default ready (the ones whose summary and transcript can be read); all for every state.',
      created_after: 'Only conversations created strictly after this RFC 3339 date-time with a time zone, e.g. 2026-01-31T09:00:00Z.',
      updated_after: 'Only conversations changed strictly after this date-time (title, folder, tags, sources, visibility, processing results).',
      folder_id: 'Only conversations in this folder (ids come from list-folders).',
      recursive: 'With folder_id: true (default) includes subfolders at any depth; false only the folder itself.',
      tag_id: 'Only conversations having any of these tags (tag ids as GET /api/v1/tags lists them).',
      ...PAGE_INPUT,
    }),
    outputSchema: CONVERSATION_PAGE_SCHEMA,
    scope: LIST_CONVERSATIONS.scope,
    run: ({ catalog }, principal, args) => catalog.listConversations(principal, LIST_CONVERSATIONS.params.fromJson(args)),
  }),
  tool({
    name: 'get-conversation',
    title: 'Get a conversation',
    description:
      'Returns one conversation by id with its AI summary (markdown) and every source with its text: transcripts as ' +
      '"[HH:MM:SS] Speaker: text" lines with the detected participants and calendar attendees, documents, pasted text and ' +
      'extracted file text. Use it to answer questions about what was said or decided in a meeting; find ids with list-conversations. ' +
      `The answer is at most ${ANSWER_MAX_CHARACTERS} characters: a longer conversation (a meeting of an hour or more) comes with its ` +
      `sources cut between speaker turns, and omitted lists each cut source with the ${READ_CONTENT_TOOL} arguments that read the rest. ` +
      'Summary and transcript are complete only when status is ready. An unknown or inaccessible id gives a not_found error.',
    inputSchema: toolInput(GET_CONVERSATION_ARGS, { id: 'Conversation id (conv_…) from list-conversations.' }),
    outputSchema: BOUNDED_CONVERSATION_SCHEMA,
    scope: 'conversations:read',
    run: async ({ catalog }, principal, args) => boundConversation(await catalog.getConversation(principal, GET_CONVERSATION_ARGS.fromJson(args).values.id)),
    links: (conversation) => [conversationLink(conversation)],
  }),
  tool({
    name: READ_CONTENT_TOOL,
    title: 'Read a transcript page by page',
    description:
      "Reads the full text of one source of a conversation (a meeting's transcript, or a document, pasted text or file text) page by " +
      `page, each page at most ${ANSWER_MAX_CHARACTERS} characters and made of whole speaker turns ("[HH:MM:SS] Speaker: text" lines). ` +
      'Use it when get-conversation or fetch lists the source in omitted: call it with the arguments given there, then again with offset ' +
      'set to next_offset until next_offset is null. Without source_id it reads the first transcript; without offset, from the start. ' +
      'For a transcript, from_seconds and to_seconds keep only the turns in that part of the meeting (a search result\'s [HH:MM:SS], ' +
      'in seconds, is a good from_seconds) and speaker only the turns of the people named; pages then hold those turns only, and ' +
      'next_offset still reads on.',
    inputSchema: toolInput(GET_TRANSCRIPT_ARGS, {
      id: 'Conversation id (conv_…).',
      source_id: "Source id (src_…) from the conversation's sources or an omitted entry; default: its first transcript, else its first source.",
      offset: 'Where to start, in characters from the start of the content: 0, an omitted entry’s offset, or the previous page’s next_offset.',
      from_seconds: 'Transcripts: only turns that reach this second of the meeting or later (whole seconds, e.g. 754 for [00:12:34]).',
      to_seconds: 'Transcripts: only turns that start at this second or before.',
      speaker: 'Transcripts: only the turns of these speakers, named as the transcript names them (case ignored).',
    }),
    outputSchema: CONTENT_PAGE_SCHEMA,
    scope: 'conversations:read',
    run: ({ catalog }, principal, args) => catalog.transcriptPage(principal, GET_TRANSCRIPT_ARGS.fromJson(args).values),
  }),
  tool({
    name: 'list-folders',
    title: 'List folders',
    description:
      'Lists the folders the user can see in the connected workspace, newest first, each with id, name and parent_id (null for ' +
      'top-level folders). Use it to find a folder_id for list-conversations, or to show how conversations are organised. With ' +
      `folder_id, only folders inside that folder (every depth, or direct children with recursive false). ${PAGING}`,
    inputSchema: toolInput(LIST_FOLDERS.params, {
      folder_id: 'Only folders inside this parent folder.',
      recursive: 'With folder_id: true (default) returns every descendant; false only direct children.',
      updated_after: 'Only folders changed (renamed, moved, shared differently) strictly after this date-time.',
      ...PAGE_INPUT,
    }),
    outputSchema: FOLDER_PAGE_SCHEMA,
    scope: LIST_FOLDERS.scope,
    run: ({ catalog }, principal, args) => catalog.listFolders(principal, LIST_FOLDERS.params.fromJson(args)),
  }),
  tool({
    name: 'get-me',
    title: 'Who am I',
    description:
      'Returns the user and workspace this connection is bound to: user_id, email (null unless the email permission was granted), ' +
      'workspace_id and workspace_name. Use it to tell the user which account and workspace their assistant is reading.',
    inputSchema: toolInput(GET_ME.params, {}),
    outputSchema: ME_SCHEMA,
    scope: GET_ME.scope,
    run: ({ catalog }, principal, args) => {
      GET_ME.params.fromJson(args);
      return catalog.getMe(principal);
    },
  }),
  tool({
    name: 'search',
    title: 'Search conversations',
    description:
      'Finds meetings and notes by what was said or written in them: titles, digests, summaries, transcripts (every speaker turn), ' +
      `documents, pasted text and file text. Returns up to ${CONNECTOR_RESULTS} results, best first, each with id, title, url and text, ` +
      'the best matching passage with matched terms in **bold**. Questions as the user asked them and keywords are both fine: results are ' +
      'ranked by how well they match (rare words, words close together, a participant named in the query), and any one word can match. ' +
      '"Exact phrases" must occur as written and -excluded words leave out conversations that mention them; case and accents do not ' +
      'matter and words match their other forms (meeting, meetings). Open a result with fetch (its id), or read the meeting from the ' +
      `moment a transcript result starts with ${READ_CONTENT_TOOL} (its id, from_seconds: the result's [HH:MM:SS] in seconds). ` +
      'No result means no word of the query occurs in anything visible to the user: try other words before concluding a meeting did not happen.',
    inputSchema: toolInput(SEARCH_TOOL_ARGS, {
      query: 'A question or keywords, e.g. `What did Tom say about pricing?` or `pricing "launch date" -draft`. 1 to 500 characters with at least one word to find.',
    }),
    outputSchema: SEARCH_RESULTS_SCHEMA,
    scope: 'conversations:read',
    run: ({ search, publicApiUrl }, principal, args) => searchTool(search, principal, args, publicApiUrl),
  }),
  tool({
    name: 'fetch',
    title: 'Fetch a conversation',
    description:
      'Returns one conversation by id (from search or list-conversations) as a document: id, title, url, text (the AI summary, then ' +
      'every source: transcripts as "[HH:MM:SS] Speaker: text" lines, documents, pasted text, extracted file text) and ' +
      'metadata (status, dates, folder, digest, tags, participants, source types). ' +
      `At most ${ANSWER_MAX_CHARACTERS} characters: a source cut short ends with a [Left out: …] line, and metadata.omitted gives the ` +
      `${READ_CONTENT_TOOL} arguments that read the rest. An unknown or inaccessible id gives a not_found error.`,
    inputSchema: toolInput(FETCH_TOOL_ARGS, { id: 'Conversation id (conv_…) from search or list-conversations.' }),
    outputSchema: FETCH_RESULT_SCHEMA,
    scope: 'conversations:read',
    run: ({ catalog, publicApiUrl }, principal, args) => fetchTool(catalog, principal, args, publicApiUrl),
    links: (document) => [conversationLink(document)],
  }),
];

export const toolNamed = (name: string): ToolDefinition | undefined => TOOLS.find((tool) => tool.name === name);
