import { Logger } from '@nestjs/common';
import { answerJson } from '@cs/catalog';
import { DomainError, insufficientScope, problemDocument } from '@cs/domain';
import { internalError } from '@cs/nest-infrastructure';
import { type CacheHint, type CallToolResult, Server, type Tool } from '@modelcontextprotocol/server';
import { serveConversationResources } from '../resources/conversation-resources';
import { TOOLS, toolNamed } from '../tools/tool-definitions';
import type { McpRequestContext } from './mcp-request-context';

const INSTRUCTIONS =
  'Read-only access to the meetings and notes ("conversations") of one workspace of the Conversation Service. ' +
  'Start with list-conversations (newest first, one-line digests) and open one with get-conversation for its summary and transcript; ' +
  'a long transcript comes cut between speaker turns, and get-transcript pages through the rest (the answer says where). ' +
  'search finds them by what was said (who said it and when) and fetch reads one as a document. ' +
  'list-folders shows how they are organised; get-me tells which user and workspace this connection reads.';

const TOOL_DESCRIPTORS: Tool[] = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema as Tool['inputSchema'],
  outputSchema: tool.outputSchema as Tool['outputSchema'],
  annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
}));

const logger = new Logger('McpTools');

/**
 * Cache hints of the cacheable results (2026-07-28 `ttlMs` / `cacheScope`; the SDK leaves them out of 2025-11-25
 * answers). What every caller of this deployment gets alike (the tools, the resource template, the server's
 * description) may be shared for five minutes, so a new release is seen soon; a caller's conversations change with
 * every meeting and are never cached.
 */
const SHARED_FOR_FIVE_MINUTES: CacheHint = { ttlMs: 300_000, cacheScope: 'public' };
const NEVER_CACHED: CacheHint = { ttlMs: 0, cacheScope: 'private' };
const CACHE_HINTS = {
  'server/discover': SHARED_FOR_FIVE_MINUTES,
  'tools/list': SHARED_FOR_FIVE_MINUTES,
  'resources/templates/list': SHARED_FOR_FIVE_MINUTES,
  'resources/list': NEVER_CACHED,
  'resources/read': NEVER_CACHED,
} as const;

/**
 * One MCP server per HTTP request (stateless Streamable HTTP, both protocol revisions): it knows its caller, so
 * nothing about a session is kept between requests and any replica can answer any request.
 *
 * The low-level Server is used rather than McpServer.registerTool: the input schemas are JSON Schema written for
 * the spec's parameters, and bad input must come back as a tool error carrying the REST API's problem code, which
 * McpServer's own zod validation would replace with a message of its own.
 */
export function createMcpServer(context: McpRequestContext): Server {
  const server = new Server(
    { name: 'conversation-service', title: 'Conversation Service', version: context.version },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: INSTRUCTIONS, cacheHints: CACHE_HINTS },
  );
  // Always in TOOLS' order: 2026-07-28 asks for a stable tools/list so hosts can cache and diff it.
  server.setRequestHandler('tools/list', () => ({ tools: TOOL_DESCRIPTORS }));
  server.setRequestHandler('tools/call', (request) => callTool(context, request.params.name, request.params.arguments));
  serveConversationResources(server, context);
  return server;
}

async function callTool(context: McpRequestContext, name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
  try {
    const tool = toolNamed(name);
    // Like a path the REST API does not serve: 404 not_found.
    if (!tool) throw new DomainError('not_found', `No tool named ${JSON.stringify(name)}; the tools are ${TOOLS.map((t) => t.name).join(', ')}.`);
    // The HTTP layer already answers 403 for this; kept here so a tool can never run without its scope.
    if (tool.scope && !context.principal.scopes.has(tool.scope)) throw insufficientScope(tool.scope);
    const result = await tool.run(context, context.principal, args);
    // The text block first: serializeAnswer reuses it as the structured content's JSON. answerJson: a bounded
    // answer was serialised already when it was measured.
    return { content: [{ type: 'text', text: answerJson(result) }, ...(tool.links?.(result) ?? [])], structuredContent: result as Record<string, unknown> };
  } catch (error) {
    const domainError = error instanceof DomainError ? error : internalError();
    if (!(error instanceof DomainError)) logger.error({ err: error, requestId: context.requestId, tool: name }, 'tool failed');
    // The problem document goes in a text block only: structuredContent must match the output schema, an error does not.
    const problem = problemDocument(domainError, context.publicApiUrl, context.requestId);
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem) }] };
  }
}
