import type { Catalog } from '@cs/catalog';
import { invalidParameters, type Principal, type Scope } from '@cs/domain';
import {
  CONVERSATION_PAGE_SCHEMA,
  CONVERSATION_SCHEMA,
  FOLDER_PAGE_SCHEMA,
  GET_CONVERSATION_INPUT,
  type JsonSchema,
  LIST_CONVERSATIONS_INPUT,
  LIST_FOLDERS_INPUT,
  ME_SCHEMA,
  NO_INPUT,
} from './json-schema';
import { toRawQuery } from './tool-arguments';

export interface ToolDefinition {
  name: string;
  title: string;
  /** Written for a language model: what it returns, when to use it, how to page. */
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** The scope a token needs to call the tool; null: any valid token (get-me, like GET /me). */
  scope: Scope | null;
  run(catalog: Catalog, principal: Principal, args: Record<string, unknown> | undefined): Promise<object>;
}

const PAGING =
  'Results are paged: when has_more is true, call again with cursor set to next_cursor (and the same filters) for the next page.';

/** The spec's four tools ("MCP tools"): each wraps one REST read and returns what that endpoint returns. */
export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'list-conversations',
    title: 'List conversations',
    description:
      'Lists the meetings and notes ("conversations") the user can see in the connected workspace, newest first. Each item has id, title, ' +
      'created_at, status, digest (a one-line AI summary), tags, folder_id and the list of sources (type, duration, language) but no ' +
      'summary and no transcript text: call get-conversation with an id for those. By default only conversations with status ready are ' +
      'listed. Filter by folder_id (from list-folders; subfolders included unless recursive is false), status, or created_after for ' +
      `what is new since a date. ${PAGING}`,
    inputSchema: LIST_CONVERSATIONS_INPUT,
    outputSchema: CONVERSATION_PAGE_SCHEMA,
    scope: 'conversations:read',
    run: (catalog, principal, args) =>
      catalog.listConversations(
        principal,
        toRawQuery(args, { limit: 'integer', cursor: 'string', folder_id: 'string', recursive: 'boolean', status: 'string', created_after: 'string' }),
      ),
  },
  {
    name: 'get-conversation',
    title: 'Get a conversation',
    description:
      'Returns one conversation by id with its AI summary (markdown) and every source with its full text: transcripts as ' +
      '"[HH:MM:SS] Speaker: text" lines with the detected participants and calendar attendees, documents, pasted text and ' +
      'extracted file text. Use it to answer questions about what was said or decided in a meeting; find ids with list-conversations. ' +
      'Summary and transcript are complete only when status is ready. An unknown or inaccessible id gives a not_found error.',
    inputSchema: GET_CONVERSATION_INPUT,
    outputSchema: CONVERSATION_SCHEMA,
    scope: 'conversations:read',
    run: (catalog, principal, args) => {
      const { id, ...rest } = args ?? {};
      if (id === undefined || id === null) throw invalidParameters([{ name: 'id', reason: 'is required' }]);
      const query = toRawQuery({ id, ...rest }, { id: 'string' });
      const { id: conversationId = '', ...unknown } = query;
      if (conversationId === '') throw invalidParameters([{ name: 'id', reason: 'must not be empty' }]);
      return catalog.getConversation(principal, String(conversationId), unknown);
    },
  },
  {
    name: 'list-folders',
    title: 'List folders',
    description:
      'Lists the folders the user can see in the connected workspace, newest first, each with id, name and parent_id (null for ' +
      'top-level folders). Use it to find a folder_id for list-conversations, or to show how conversations are organised. With ' +
      `folder_id, only folders inside that folder (every depth, or direct children with recursive false). ${PAGING}`,
    inputSchema: LIST_FOLDERS_INPUT,
    outputSchema: FOLDER_PAGE_SCHEMA,
    scope: 'folders:read',
    run: (catalog, principal, args) =>
      catalog.listFolders(principal, toRawQuery(args, { limit: 'integer', cursor: 'string', folder_id: 'string', recursive: 'boolean' })),
  },
  {
    name: 'get-me',
    title: 'Who am I',
    description:
      'Returns the user and workspace this connection is bound to: user_id, email (null unless the email permission was granted), ' +
      'workspace_id and workspace_name. Use it to tell the user which account and workspace their assistant is reading.',
    inputSchema: NO_INPUT,
    outputSchema: ME_SCHEMA,
    scope: null,
    run: (catalog, principal, args) => catalog.getMe(principal, toRawQuery(args, {})),
  },
];

export const toolNamed = (name: string): ToolDefinition | undefined => TOOLS.find((tool) => tool.name === name);
