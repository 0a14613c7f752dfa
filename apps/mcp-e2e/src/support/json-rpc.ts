/** One JSON-RPC request to the MCP endpoint by hand, to see the HTTP status and headers the SDK hides. */
export async function postJsonRpc(
  mcpUrl: string,
  token: string | null,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(mcpUrl, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-11-25',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

/** The parameters of a `Bearer …` challenge (RFC 6750 §3), by name. */
export function challengeParams(header: string | null): Record<string, string> {
  if (!header?.startsWith('Bearer ')) return {};
  return Object.fromEntries([...header.matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

/** The reserved `_meta` keys of a 2026-07-28 request (its per-request envelope). */
export const ENVELOPE = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
} as const;

/**
 * One 2026-07-28 request by hand: the envelope in `params._meta`, and the routing headers a client sends with it
 * (MCP-Protocol-Version, Mcp-Method, and Mcp-Name for the methods that name a tool or a resource), unless `headers`
 * overrides them.
 */
export function postModernJsonRpc(
  mcpUrl: string,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  version = '2026-07-28',
): Promise<Response> {
  const name = typeof params['name'] === 'string' ? params['name'] : typeof params['uri'] === 'string' ? params['uri'] : undefined;
  const envelope = { [ENVELOPE.protocolVersion]: version, [ENVELOPE.clientCapabilities]: {}, [ENVELOPE.clientInfo]: { name: 'mcp-e2e', version: '1' } };
  return postJsonRpc(
    mcpUrl,
    token,
    method,
    { ...params, _meta: envelope },
    { 'mcp-protocol-version': version, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}), ...headers },
  );
}
