import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * An AI assistant's side of the MCP SDK's OAuth support, kept in memory: a public client that registers itself
 * (no `clientMetadataUrl`) or presents its metadata document (`clientMetadataUrl`), as the SDK decides from the
 * authorization server's metadata; or, given `registered`, a confidential client a workspace admin registered. The
 * "browser" is the test: it reads `authorizationUrl`.
 */
export class AssistantOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private information: OAuthClientInformationMixed | undefined;
  private storedTokens: OAuthTokens | undefined;
  private verifier = '';

  constructor(
    private readonly options: { name: string; redirectUri: string; clientMetadataUrl?: string; registered?: { clientId: string; clientSecret: string } },
  ) {
    if (options.registered) this.information = { client_id: options.registered.clientId, client_secret: options.registered.clientSecret };
  }

  get redirectUrl(): string {
    return this.options.redirectUri;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.name,
      redirect_uris: [this.options.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.options.registered ? 'client_secret_basic' : 'none',
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
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

  get clientId(): string {
    const id = this.information?.client_id;
    if (!id) throw new Error('the SDK has no client id yet');
    return id;
  }

  get accessToken(): string {
    const token = this.storedTokens?.access_token;
    if (!token) throw new Error('the SDK saved no access token');
    return token;
  }
}
