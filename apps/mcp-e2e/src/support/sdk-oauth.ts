import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AssistantOAuthProvider } from './assistant-oauth-provider';
import type { HeadlessUser } from './headless-user';
import type { RegisteredClient } from './mcp-stack';

export interface ConnectedAssistant {
  client: Client;
  /** The SDK's auth provider, when the SDK made the connection itself. */
  provider?: AssistantOAuthProvider;
  /** The access token the SDK obtained. */
  accessToken: string;
  close(): Promise<void>;
}

const newTransport = (mcpUrl: string, provider: AssistantOAuthProvider) => new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });

/**
 * What an MCP host does on first connection: connect, get a 401, discover the authorization server through the
 * protected resource metadata, send the user to authorize (here the headless user), finish the flow with the
 * code, and connect again with the token.
 */
export async function connectWithOAuth(mcpUrl: string, registered: RegisteredClient, user: HeadlessUser): Promise<ConnectedAssistant> {
  const provider = new AssistantOAuthProvider({ name: 'Acme Assistant', redirectUri: registered.redirectUri, registered });
  const first = newTransport(mcpUrl, provider);
  const firstClient = new Client({ name: 'mcp-e2e', version: '1.0.0' });
  await expect(firstClient.connect(first)).rejects.toThrow(/Unauthorized/i);
  if (!provider.authorizationUrl) throw new Error('the SDK did not ask for an authorization');
  const back = await user.authorize(provider.authorizationUrl, registered.redirectUri);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code at the redirect: ${back.toString()}`);
  await first.finishAuth(code);
  const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
  await client.connect(newTransport(mcpUrl, provider));
  const accessToken = provider.tokens()?.access_token;
  if (!accessToken) throw new Error('the SDK saved no access token');
  return { client, provider, accessToken, close: () => client.close() };
}

/** An SDK client holding a token obtained elsewhere (no auth provider: a 401 or 403 is the caller's to see). */
export async function connectWithToken(mcpUrl: string, accessToken: string): Promise<ConnectedAssistant> {
  const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { authorization: `Bearer ${accessToken}` } } }));
  return { client, accessToken, close: () => client.close() };
}
