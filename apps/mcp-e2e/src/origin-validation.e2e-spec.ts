import type { TestWorkspace } from '@cs/testing';
import { authorizeByHand, HeadlessUser } from './support/headless-user';
import { postJsonRpc } from './support/json-rpc';
import { type Person, useMcpStack } from './support/mcp-stack';

/**
 * Issue 34, Origin validation (MCP transports, DNS-rebinding protection): every request to /mcp from a browser
 * page of an origin outside the MCP server's own and MCP_ALLOWED_ORIGINS gets 403 before anything else is
 * looked at; requests without Origin (CLIs, desktop hosts) are served as before.
 */
const ASSISTANT_PAGE = 'https://assistant.example.test';
const FOREIGN_PAGE = 'http://rebound.example.test:3002';
const stack = useMcpStack({ MCP_ALLOWED_ORIGINS: ASSISTANT_PAGE });

let workspace: TestWorkspace;
let person: Person;
let token: string;

beforeAll(async () => {
  workspace = await stack.workspace('Origin Checks');
  person = await stack.person(workspace);
  const client = await stack.client(person);
  ({ access_token: token } = await authorizeByHand(new HeadlessUser(person), stack.authUrl, client, { scope: 'conversations:read', resource: stack.mcpUrl }));
}, 60_000);

const expectOriginRefused = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await response.json()).toMatchObject({
    type: `${stack.apiUrl}/api/v1/problems/forbidden`,
    status: 403,
    code: 'forbidden',
    detail: expect.stringContaining('MCP_ALLOWED_ORIGINS'),
    request_id: expect.any(String),
  });
};

const at = (method: 'GET' | 'DELETE', headers: Record<string, string>) => fetch(stack.mcpUrl, { method, headers: { authorization: `Bearer ${token}`, ...headers } });

describe('POST /mcp', () => {
  it('refuses a foreign Origin with 403 forbidden, a problem document, even with a valid token', async () => {
    await expectOriginRefused(await postJsonRpc(stack.mcpUrl, token, 'tools/list', {}, { origin: FOREIGN_PAGE }));
  });

  it('refuses a foreign Origin before asking for a token, and the opaque origin "null" too', async () => {
    await expectOriginRefused(await postJsonRpc(stack.mcpUrl, null, 'tools/list', {}, { origin: FOREIGN_PAGE }));
    await expectOriginRefused(await postJsonRpc(stack.mcpUrl, token, 'tools/list', {}, { origin: 'null' }));
  });

  it('refuses an origin that differs from an allowed one in scheme or port only', async () => {
    await expectOriginRefused(await postJsonRpc(stack.mcpUrl, token, 'tools/list', {}, { origin: 'http://assistant.example.test' }));
    await expectOriginRefused(await postJsonRpc(stack.mcpUrl, token, 'tools/list', {}, { origin: `${ASSISTANT_PAGE}:8443` }));
  });

  it.each([
    ["the MCP server's own origin", () => stack.mcpOrigin],
    ['an origin of MCP_ALLOWED_ORIGINS', () => ASSISTANT_PAGE],
  ])('serves a request from %s', async (_, origin) => {
    const response = await postJsonRpc(stack.mcpUrl, token, 'tools/list', {}, { origin: origin() });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
  });

  it('serves a request without Origin, as non-browser clients send it', async () => {
    const response = await postJsonRpc(stack.mcpUrl, token, 'tools/list');
    expect(response.status).toBe(200);
  });
});

describe.each(['GET', 'DELETE'] as const)('%s /mcp (not served by this stateless server)', (method) => {
  it('refuses a foreign Origin with 403 forbidden before the 405', async () => {
    await expectOriginRefused(await at(method, { origin: FOREIGN_PAGE }));
  });

  it('answers an allowed Origin, and no Origin, with the usual 405 naming POST', async () => {
    for (const headers of [{ origin: ASSISTANT_PAGE }, { origin: stack.mcpOrigin }, {}] as Record<string, string>[]) {
      const response = await at(method, headers);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});
