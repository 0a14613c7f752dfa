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
