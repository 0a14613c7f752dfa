import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { HeadlessUser } from './headless-user';
import type { RegisteredClient } from './mcp-stack';

/**
 * The assistant's side of the MCP SDK's OAuth flow: a pre-registered confidential client (no dynamic
 * registration), tokens and PKCE verifier kept in memory, and the "browser" is the headless user.
 */
export class InMemoryOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private storedTokens: OAuthTokens | undefined;
  private verifier = '';

  constructor(private readonly registered: RegisteredClient) {}

  get redirectUrl(): string {
    return this.registered.redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Acme Assistant',
      redirect_uris: [this.registered.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    };
  }

  clientInformation(): OAuthClientInformationMixed {
    return { client_id: this.registered.clientId, client_secret: this.registered.clientSecret };
  }

  tokens(): OAuthTokens | undefined {
    return this.storedTokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.storedTokens = tokens;
  }

  state(): string {
    return randomBytes(12).toString('base64url');
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

export interface ConnectedAssistant {
  client: Client;
  /** The SDK's auth provider, when the SDK made the connection itself. */
  provider?: InMemoryOAuthProvider;
  /** The access token the SDK obtained. */
  accessToken: string;
  close(): Promise<void>;
}

const newTransport = (mcpUrl: string, provider: InMemoryOAuthProvider) => new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });

/**
 * What an MCP host does on first connection: connect, get a 401, discover the authorization server through the
 * protected resource metadata, send the user to authorize (here the headless user), finish the flow with the
 * code, and connect again with the token.
 */
export async function connectWithOAuth(mcpUrl: string, registered: RegisteredClient, user: HeadlessUser): Promise<ConnectedAssistant> {
  const provider = new InMemoryOAuthProvider(registered);
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
