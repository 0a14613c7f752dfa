import { BATCH_REFUSED, readStreamableHttpPost } from './streamable-http-post';

const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' };
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get-me', arguments: {} } });
const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

describe('the rules of a Streamable HTTP POST, as the SDK transport applies them', () => {
  it('takes one JSON-RPC message', () => {
    expect(readStreamableHttpPost(HEADERS, call(1)).message).toEqual(call(1));
  });

  // Issue 19: a batch of 100 tool calls counted once against the rate limit. MCP 2025-06-18 removed batching.
  it.each([
    ['of one message', [call(1)]],
    ['of tool calls', Array.from({ length: 100 }, (_, i) => call(i))],
    ['with an initialize', [initialize, call(1)]],
    ['that is empty', []],
  ])('refuses a batch %s as an Invalid Request (-32600) with 400', (_case, batch) => {
    expect(readStreamableHttpPost(HEADERS, batch).refused).toEqual({ status: 400, error: { code: -32600, message: BATCH_REFUSED } });
  });

  it.each([
    ['no Accept', { ...HEADERS, accept: undefined }],
    ['JSON only', { ...HEADERS, accept: 'application/json' }],
    ['SSE only', { ...HEADERS, accept: 'text/event-stream' }],
  ])('refuses a client that does not accept both JSON and SSE (%s) with 406', (_case, headers) => {
    expect(readStreamableHttpPost(headers, call(1)).refused).toEqual({
      status: 406,
      error: { code: -32000, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' },
    });
  });

  it('accepts JSON with parameters and refuses any other media type with 415, by the parsed type', () => {
    expect(readStreamableHttpPost({ ...HEADERS, 'content-type': 'application/json; charset=utf-8' }, call(1)).message).toBeDefined();
    expect(readStreamableHttpPost({ ...HEADERS, 'content-type': 'text/plain; a=application/json' }, call(1)).refused?.status).toBe(415);
  });

  it('refuses what is not a JSON-RPC message with -32700', () => {
    for (const body of [{ hello: 'world' }, 42, { jsonrpc: '1.0', id: 1, method: 'x' }]) {
      expect(readStreamableHttpPost(HEADERS, body).refused).toEqual({ status: 400, error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' } });
    }
  });

  it('refuses an unsupported MCP-Protocol-Version after initialization, and takes a request without the header', () => {
    expect(readStreamableHttpPost({ ...HEADERS, 'mcp-protocol-version': '1999-01-01' }, call(1)).refused).toMatchObject({
      status: 400,
      error: { code: -32000, message: expect.stringContaining('Unsupported protocol version: 1999-01-01') },
    });
    expect(readStreamableHttpPost({ ...HEADERS, 'mcp-protocol-version': undefined }, call(1)).message).toBeDefined();
    // The initialize request negotiates the version in its body: the header is not checked then.
    expect(readStreamableHttpPost({ ...HEADERS, 'mcp-protocol-version': '1999-01-01' }, initialize).message).toBeDefined();
  });
});
