import { createHash, randomBytes } from 'node:crypto';
import { useAssistantStack } from './support/assistant-stack';

/**
 * Issue 34, dynamic registration and `application_type` (OpenID Connect Dynamic Client Registration §2): hosts of
 * the 2026-07-28 MCP revision send it, "web" or "native"; any other value is refused with invalid_client_metadata,
 * and registrations without it (2025-11-25 hosts) are accepted as before.
 */
const stack = useAssistantStack();

let redirectUri: string;

beforeAll(() => {
  redirectUri = `${stack.callbackOrigin}/callback`;
});

const register = (metadata: Record<string, unknown>) =>
  fetch(new URL('/api/auth/oauth2/register', stack.authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', ...metadata }),
  });

const storedNamed = (name: string) => stack.db.dataSource.query(`SELECT id FROM oauth_clients WHERE name = $1`, [name]) as Promise<{ id: string }[]>;

/** Where the authorization endpoint sends the browser for this client: sign-in when it knows it, an error otherwise. */
async function authorizationAnswer(clientId: string): Promise<Response> {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const url = new URL('/api/auth/oauth2/authorize', stack.authUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'conversations:read',
    state: 'st4te',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: stack.mcpUrl,
  }).toString();
  return fetch(url, { redirect: 'manual' });
}

describe('dynamic registration with application_type', () => {
  it.each(['web', 'native'])('registers a client that says it is %s, echoes the type, and the client can start an authorization', async (type) => {
    const response = await register({ client_name: `Typed ${type}`, application_type: type });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { client_id: string; application_type: string };
    expect(body.application_type).toBe(type);
    expect(await storedNamed(`Typed ${type}`)).toEqual([{ id: body.client_id }]);
    const answer = await authorizationAnswer(body.client_id);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/interaction\//);
  });

  it('registers a client that leaves application_type out, as 2025-11-25 hosts do, as a web client', async () => {
    const response = await register({ client_name: 'Untyped' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ application_type: 'web' });
  });

  it.each([['desktop'], ['WEB'], [''], [42], [['web']]])('refuses application_type %j with invalid_client_metadata and stores nothing', async (value) => {
    const name = `Mistyped ${JSON.stringify(value)}`;
    const response = await register({ client_name: name, application_type: value });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_client_metadata', error_description: expect.stringContaining('application_type') });
    expect(await storedNamed(name)).toEqual([]);
  });

  it('holds a native client to the native redirect rules: a claimed https URI on a loopback host is refused', async () => {
    const response = await register({ client_name: 'Native on https loopback', application_type: 'native', redirect_uris: ['https://127.0.0.1/callback'] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.stringMatching(/^invalid_(client_metadata|redirect_uri)$/) });
  });
});
