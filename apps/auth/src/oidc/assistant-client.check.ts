import { assistantClientInput, type AssistantClientInput, ClientValidationError } from '@cs/oauth';
import { errors } from 'oidc-provider';

/** The fields of an oidc-provider Client these checks read. */
export interface ProviderClientView {
  clientId: string;
  clientAuthMethod?: string | undefined;
  clientName?: string | undefined;
  logoUri?: string | undefined;
  redirectUris?: readonly string[] | undefined;
  scope?: string | undefined;
}

/**
 * Whether a client is an app that registered itself, by RFC 7591 or by a Client ID Metadata Document: those are
 * exactly the public clients (`none`), since every app a workspace admin registers authenticates with its secret.
 * They get tokens for the MCP server only, with the read-only scopes, PKCE required (issue 17).
 */
export const isAssistantClient = (client: Pick<ProviderClientView, 'clientAuthMethod'>): boolean => client.clientAuthMethod === 'none';

/** Whether the client's id is the URL of its metadata document (oidc-provider resolved it by fetching). */
export const isMetadataDocumentClient = (client: object): boolean => (client as { clientIdMetadataDocument?: boolean }).clientIdMetadataDocument === true;

/** The self-declared description of an assistant, as its oidc-provider Client carries it. */
export const assistantDescription = (client: ProviderClientView): AssistantClientInput => ({
  name: client.clientName,
  logoUri: client.logoUri,
  redirectUris: client.redirectUris ?? [],
  scope: client.scope,
});

/**
 * Runs a step that applies the rules of an app registered by an admin to a self-registered one (assistantClientInput:
 * https or loopback redirect URIs, at most 10, a name of at most 100 characters, an https logo), its refusal turned
 * into the OAuth error (RFC 7591 §3.2.2: invalid_redirect_uri, else invalid_client_metadata).
 */
export async function refusingInvalidMetadata<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ClientValidationError) {
      if (error.errors.redirectUris) throw new errors.InvalidRedirectUri(error.errors.redirectUris);
      throw new errors.InvalidClientMetadata(error.message);
    }
    throw error;
  }
}

/**
 * features.clientIdMetadataDocument.allowClient: a document oidc-provider fetched and validated (its client_id is
 * its URL, no secret) must also describe a public client that passes validAssistantClient.
 */
export async function allowMetadataDocumentClient(client: ProviderClientView): Promise<boolean> {
  if (!isAssistantClient(client)) throw new errors.InvalidClientMetadata('a client metadata document must declare token_endpoint_auth_method "none"');
  await refusingInvalidMetadata(() => assistantClientInput(assistantDescription(client)));
  return true;
}
