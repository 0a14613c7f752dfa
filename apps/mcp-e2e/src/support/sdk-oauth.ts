import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { AssistantOAuthProvider } from './assistant-oauth-provider';
import type { HeadlessUser } from './headless-user';
import type { RegisteredClient } from './mcp-stack';

/**
 * The two protocol revisions /mcp serves, each spoken by the official SDK that hosts use for it: the v1 SDK
 * (`@modelcontextprotocol/sdk`) for 2025-11-25, the v2 client (`@modelcontextprotocol/client`) pinned to 2026-07-28.
 */
export const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

/** What the tests ask of an SDK client; both SDKs' clients answer it alike (the v1 shapes are the reference). */
export type McpClient = Pick<ClientV1, 'listTools' | 'callTool' | 'listResources' | 'listResourceTemplates' | 'readResource' | 'close'>;

export interface ConnectedAssistant {
  client: McpClient;
  revision: Revision;
  /** The revision the client settled on with the server, as the SDK reports it ('legacy' is 2025, 'modern' 2026-07-28). */
  era: 'legacy' | 'modern';
  /** The SDK's auth provider, when the SDK made the connection itself. */
  provider?: AssistantOAuthProvider;
  /** The access token the SDK obtained. */
  accessToken: string;
  /** Where the authorization server sent the user back, code and `iss` included. */
  redirect?: URL;
  close(): Promise<void>;
}

interface Connection {
  client: McpClient;
  era: () => 'legacy' | 'modern';
  connect(): Promise<void>;
  /** Finishes an authorization with the whole redirect query: the v2 SDK checks its `iss` (RFC 9207) as 2026-07-28 asks. */
  finishAuth(redirect: URL): Promise<void>;
}

function connection(revision: Revision, mcpUrl: string, transport: { authProvider?: AssistantOAuthProvider; headers?: Record<string, string> }): Connection {
  const url = new URL(mcpUrl);
  const options = { authProvider: transport.authProvider, requestInit: transport.headers ? { headers: transport.headers } : undefined };
  if (revision === '2025-11-25') {
    const client = new ClientV1({ name: 'mcp-e2e', version: '1.0.0' });
    const http = new TransportV1(url, options);
    return {
      client,
      era: () => 'legacy',
      connect: () => client.connect(http),
      finishAuth: (redirect) => http.finishAuth(redirect.searchParams.get('code') ?? ''),
    };
  }
  const client = new ClientV2({ name: 'mcp-e2e', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  const http = new TransportV2(url, options);
  return {
    // The v2 result types differ from v1's only in members these tests do not read.
    client: client as unknown as McpClient,
    era: () => client.getProtocolEra() ?? 'legacy',
    connect: () => client.connect(http),
    finishAuth: (redirect) => http.finishAuth(redirect.searchParams),
  };
}

/**
 * What an MCP host does on first connection: connect, get a 401, discover the authorization server through the
 * protected resource metadata, send the user to authorize (here the headless user), finish the flow with the
 * code, and connect again with the token.
 */
export async function connectWithOAuth(mcpUrl: string, registered: RegisteredClient, user: HeadlessUser, revision: Revision = '2025-11-25'): Promise<ConnectedAssistant> {
  const provider = new AssistantOAuthProvider({ name: 'Acme Assistant', redirectUri: registered.redirectUri, registered });
  const first = connection(revision, mcpUrl, { authProvider: provider });
  await expect(first.connect()).rejects.toThrow(/Unauthorized/i);
  if (!provider.authorizationUrl) throw new Error('the SDK did not ask for an authorization');
  const back = await user.authorize(provider.authorizationUrl, registered.redirectUri);
  if (!back.searchParams.get('code')) throw new Error(`no code at the redirect: ${back.toString()}`);
  await first.finishAuth(back);
  const second = connection(revision, mcpUrl, { authProvider: provider });
  await second.connect();
  const accessToken = provider.tokens()?.access_token;
  if (!accessToken) throw new Error('the SDK saved no access token');
  return { client: second.client, revision, era: second.era(), provider, accessToken, redirect: back, close: () => second.client.close() };
}

/** An SDK client holding a token obtained elsewhere (no auth provider: a 401 or 403 is the caller's to see). */
export async function connectWithToken(mcpUrl: string, accessToken: string, revision: Revision = '2025-11-25'): Promise<ConnectedAssistant> {
  const connected = connection(revision, mcpUrl, { headers: { authorization: `Bearer ${accessToken}` } });
  await connected.connect();
  return { client: connected.client, revision, era: connected.era(), accessToken, close: () => connected.client.close() };
}
