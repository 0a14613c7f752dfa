import type { Scope } from '@cs/domain';
import type { RowQueryable } from '@cs/persistence';
import { type ClientInput, REGISTRABLE_SCOPES, validateClientInput } from './client-registration';

/**
 * How long a dynamically registered client lives without a consent. Assistants register on every fresh install (and
 * some on every connection attempt), and an abandoned sign-in leaves its registration behind: a day is ample for a
 * user to finish one, and bounds what anonymous registrations can leave in the table.
 */
export const DYNAMIC_CLIENT_UNUSED_HOURS = 24;

/** Read-only scopes: the only ones an assistant (a public client that registered itself) may be granted. */
const isReadOnly = (scope: Scope): boolean => scope === 'email' || scope.endsWith(':read');

/** What an assistant may ask for: every registrable read-only scope (a write scope stays for registered apps). */
export const ASSISTANT_SCOPES: readonly Scope[] = REGISTRABLE_SCOPES.filter(isReadOnly);

/** An assistant's self-declared description (from its registration request or its metadata document). */
export interface AssistantClientInput {
  name: string | undefined;
  logoUri: string | undefined;
  redirectUris: readonly string[];
  /** The scopes it asked for (space-separated, as in client metadata); none asked means every assistant scope. */
  scope: string | undefined;
}

/**
 * The client as it is stored: the same rules as an app registered by an admin (validateClientInput: https or
 * loopback redirect URIs, at most 10, a name of at most 100 characters), its scopes cut down to ASSISTANT_SCOPES. A
 * nameless app is named after the host it sends users back to, which the consent page shows anyway.
 */
export function assistantClientInput(input: AssistantClientInput): ClientInput {
  const asked = (input.scope ?? '').split(' ').filter((s) => (ASSISTANT_SCOPES as readonly string[]).includes(s));
  return validateClientInput({
    name: input.name?.trim() || hostOf(input.redirectUris[0]) || 'Unnamed app',
    logoUri: input.logoUri ?? null,
    redirectUris: [...input.redirectUris],
    // The scopes of this server an app asked for, or all of them (asking for none, or only openid, is common).
    scopes: asked.length > 0 ? asked : [...ASSISTANT_SCOPES],
  });
}

function hostOf(uri: string | undefined): string | undefined {
  try {
    return uri ? new URL(uri).host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores a dynamically registered client (RFC 7591): public (no secret), of no workspace, expiring after
 * DYNAMIC_CLIENT_UNUSED_HOURS unless a user consents to it first (recordConnection clears the expiry). Registrations
 * that expired unused are deleted in the same statement, so the table holds at most a day's worth of them.
 */
export async function registerDynamicClient(db: RowQueryable, clientId: string, input: AssistantClientInput, now = new Date()): Promise<ClientInput> {
  const valid = assistantClientInput(input);
  await db.query(
    `WITH expired AS (DELETE FROM oauth_clients WHERE kind = 'dynamic' AND unused_expires_at <= $7::timestamptz)
     INSERT INTO oauth_clients (id, kind, name, logo_uri, redirect_uris, scopes, created_at, updated_at, unused_expires_at)
     VALUES ($1, 'dynamic', $2, $3, $4, $5, $7, $7, $7::timestamptz + make_interval(hours => $6::int))`,
    [clientId, valid.name, valid.logoUri, valid.redirectUris, valid.scopes, DYNAMIC_CLIENT_UNUSED_HOURS, now],
  );
  return valid;
}

/**
 * Keeps the row of a client known by its metadata document, refreshed from the document at each consent: the
 * account page and the admins' request list name the app from it, and connections reference it. Its id is an
 * https URL, which no other kind of client id can be (those are prefixed ids), so the upsert never touches them.
 */
export async function rememberMetadataDocumentClient(db: RowQueryable, clientId: string, input: AssistantClientInput): Promise<void> {
  const valid = assistantClientInput(input);
  await db.query(
    `INSERT INTO oauth_clients (id, kind, name, logo_uri, redirect_uris, scopes) VALUES ($1, 'metadata_document', $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, logo_uri = EXCLUDED.logo_uri, redirect_uris = EXCLUDED.redirect_uris,
       scopes = EXCLUDED.scopes, updated_at = now()
     WHERE oauth_clients.kind = 'metadata_document'`,
    [clientId, valid.name, valid.logoUri, valid.redirectUris, valid.scopes],
  );
}
