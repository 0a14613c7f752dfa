import { boundConversation, LIST_CONVERSATIONS_PARAMS } from '@cs/catalog';
import { Logger } from '@nestjs/common';
import { DomainError, insufficientScope, type Scope } from '@cs/domain';
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import type { McpRequestContext } from '../mcp/mcp-request-context';
import { CONVERSATION_MIME_TYPE, CONVERSATION_URI_TEMPLATE, conversationIdOf, conversationLink } from './conversation-uri';

/** What reading or listing conversations as resources needs, as the tools that read them do. */
export const RESOURCES_SCOPE: Scope = 'conversations:read';

const logger = new Logger('McpResources');

const TEMPLATE = {
  uriTemplate: CONVERSATION_URI_TEMPLATE,
  name: 'conversation',
  title: 'Conversation',
  description:
    'A meeting or note of the workspace as get-conversation returns it: summary, sources and their content within the answer bound, ' +
    'and what was left out (omitted) with the get-transcript call that reads it.',
  mimeType: CONVERSATION_MIME_TYPE,
};

/**
 * Conversations as MCP resources, conversation://{id}, for clients that read resources: the template, the
 * list (the conversations list-conversations gives, newest first, paged with its cursor) and the read (what
 * get-conversation answers). Same principal, scope and visibility as the tools. An id the user may not read is
 * "resource not found": Invalid Params (-32602) with `data: { uri }`, which 2026-07-28 requires and 2025-11-25
 * clients of the SDKs read the same way (earlier drafts used -32002).
 */
export function serveConversationResources(server: Server, context: McpRequestContext): void {
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [TEMPLATE] }));
  server.setRequestHandler('resources/list', async (request) => {
    requireScope(context);
    const cursor = request.params?.cursor;
    const page = await asJsonRpcError(context, () => context.catalog.listConversations(context.principal, LIST_CONVERSATIONS_PARAMS.fromJson(cursor ? { cursor } : {})));
    const resources = page.data.map((conversation) => {
      const { type: _link, ...resource } = conversationLink(conversation);
      return conversation.digest ? { ...resource, description: conversation.digest } : resource;
    });
    return { resources, ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}) };
  });
  server.setRequestHandler('resources/read', async (request) => {
    requireScope(context);
    const { uri } = request.params;
    const id = conversationIdOf(uri);
    if (id === null) throw new ResourceNotFoundError(uri, `Resource not found: ${uri} is not a conversation:// URI`);
    const conversation = await asJsonRpcError(context, () => context.catalog.getConversation(context.principal, id), uri);
    return { contents: [{ uri, mimeType: CONVERSATION_MIME_TYPE, text: JSON.stringify(boundConversation(conversation)) }] };
  });
}

// The HTTP layer answers 403 first; kept here so a resource can never be read without the scope.
function requireScope(context: McpRequestContext): void {
  if (!context.principal.scopes.has(RESOURCES_SCOPE)) throw insufficientScope(RESOURCES_SCOPE);
}

/**
 * A failure as the JSON-RPC error a resource request gets: not found and bad cursors are the caller's (Invalid
 * Params, with the REST problem code); anything else is an Internal Error whose message tells nothing of the cause
 * (the SDK would send an Error's own message).
 */
async function asJsonRpcError<T>(context: McpRequestContext, read: () => Promise<T>, uri?: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found' && uri !== undefined) throw new ResourceNotFoundError(uri);
    if (error instanceof DomainError && error.status < 500) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { code: error.code });
    if (!(error instanceof DomainError)) logger.error({ err: error, requestId: context.requestId }, 'resource request failed');
    throw new ProtocolError(ProtocolErrorCode.InternalError, error instanceof DomainError ? error.message : 'Internal error');
  }
}
