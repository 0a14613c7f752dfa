import { newId, newSecret, secretDigest, secretHint, type Scope } from '@cs/domain';
import { matchingDigest } from './clients';
import { type RowQueryable, updatedCount } from '@cs/persistence';

/** A DataSource, or a transaction's manager when registration is part of a larger write. */
type Db = RowQueryable;

/** Scopes a client may be registered for; offline_access is added to every client (spec). */
export const REGISTRABLE_SCOPES: readonly Scope[] = ['conversations:read', 'folders:read', 'email'];

export interface ClientInput {
  name: string;
  logoUri: string | null;
  redirectUris: string[];
  scopes: string[];
}

export type ClientField = 'name' | 'logoUri' | 'redirectUris' | 'scopes';

export class ClientValidationError extends Error {
  constructor(readonly errors: Partial<Record<ClientField, string>>) {
    super(Object.values(errors).join(' '));
  }
}

export class OAuthNotEnabledError extends Error {
  constructor() {
    super('OAuth apps are not enabled for this workspace; the operator enables them with `npm run cli -- oauth:enable`.');
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Spec "OAuth client registration": HTTPS URLs, or http://localhost and http://127.0.0.1 on any port.
 * Redirect URIs are later matched exactly, so they must be absolute, without fragment or wildcard.
 */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not an absolute URL`;
  }
  if (url.hash || value.includes('#')) return `${value} must not contain a fragment`;
  if (value.includes('*')) return `${value} must not contain a wildcard`;
  if (url.username || url.password) return `${value} must not contain credentials`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `${value} must use https (http is allowed only for localhost and 127.0.0.1)`;
}

export function validateClientInput(input: ClientInput): ClientInput {
  const errors: Partial<Record<ClientField, string>> = {};
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) errors.name = 'Give the app a name of 1 to 100 characters.';
  const logoUri = input.logoUri?.trim() || null;
  if (logoUri !== null) {
    let ok = false;
    try {
      const url = new URL(logoUri);
      ok = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    } catch {
      ok = false;
    }
    if (!ok || logoUri.length > 2000) errors.logoUri = 'The logo must be an https URL.';
  }
  const redirectUris = [...new Set(input.redirectUris.map((u) => u.trim()).filter(Boolean))];
  if (redirectUris.length === 0) errors.redirectUris = 'Add at least one redirect URI.';
  else if (redirectUris.length > 10) errors.redirectUris = 'At most 10 redirect URIs.';
  else {
    // Every bad URI in one answer, so a list is fixed in one submit rather than one URI per round trip.
    const problems = redirectUris.map(redirectUriProblem).filter((p) => p !== null);
    if (problems.length > 0) errors.redirectUris = problems.join('; ');
  }
  const scopes = [...new Set(input.scopes)];
  const unknown = scopes.filter((s) => !(REGISTRABLE_SCOPES as readonly string[]).includes(s));
  if (scopes.length === 0) errors.scopes = 'Choose at least one scope.';
  else if (unknown.length > 0) errors.scopes = `Unknown scope: ${unknown.join(', ')}.`;
  if (Object.keys(errors).length > 0) throw new ClientValidationError(errors);
  return { name, logoUri, redirectUris, scopes };
}

export async function enableOAuthApps(ds: Db, workspaceId: string): Promise<boolean> {
  return (await updatedCount(ds, 'UPDATE workspaces SET oauth_apps_enabled = true WHERE id = $1', [workspaceId])) > 0;
}

/** Registers a client; the secret is returned once and only its digest is kept. */
export async function registerClient(
  ds: Db,
  owner: { workspaceId: string; userId: string },
  input: ClientInput,
): Promise<{ clientId: string; clientSecret: string }> {
  const valid = validateClientInput(input);
  const [workspace] = await ds.query<{ oauth_apps_enabled: boolean }>('SELECT oauth_apps_enabled FROM workspaces WHERE id = $1', [owner.workspaceId]);
  if (!workspace?.oauth_apps_enabled) throw new OAuthNotEnabledError();
  const clientSecret = newSecret('clientSecret');
  const clientId = newId('oauthClient');
  await ds.query(
    `INSERT INTO oauth_clients (id, workspace_id, name, logo_uri, redirect_uris, scopes, secret_digest, secret_hint, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [clientId, owner.workspaceId, valid.name, valid.logoUri, valid.redirectUris, valid.scopes, secretDigest(clientSecret), secretHint(clientSecret), owner.userId],
  );
  return { clientId, clientSecret };
}

export async function updateClient(ds: Db, workspaceId: string, clientId: string, input: ClientInput): Promise<boolean> {
  const valid = validateClientInput(input);
  const updated = await updatedCount(
    ds,
    'UPDATE oauth_clients SET name = $3, logo_uri = $4, redirect_uris = $5, scopes = $6, updated_at = $7 WHERE id = $1 AND workspace_id = $2',
    [clientId, workspaceId, valid.name, valid.logoUri, valid.redirectUris, valid.scopes, new Date()],
  );
  return updated > 0;
}

/**
 * How long a rotated client secret keeps working beside the new one: a day to deploy the new secret, as webhook
 * signing secrets allow. Two secrets at most, as GitHub allows: rotating again within the overlap retires the
 * oldest at once.
 */
export const CLIENT_SECRET_OVERLAP_HOURS = 24;

/**
 * A new secret (returned once, stored as a digest); the one it replaces stays valid for CLIENT_SECRET_OVERLAP_HOURS
 * so a running integration is not cut off (issue 19). Tokens already issued stay valid.
 */
export async function rotateClientSecret(ds: Db, workspaceId: string, clientId: string, now = new Date()): Promise<string | null> {
  const clientSecret = newSecret('clientSecret');
  const updated = await updatedCount(
    ds,
    `UPDATE oauth_clients
        SET previous_secret_digest = secret_digest, previous_secret_hint = secret_hint,
            previous_secret_expires_at = $5::timestamptz + make_interval(hours => $6::int),
            secret_digest = $3, secret_hint = $4, secret_rotated_at = $5, updated_at = $5
      WHERE id = $1 AND workspace_id = $2`,
    [clientId, workspaceId, secretDigest(clientSecret), secretHint(clientSecret), now, CLIENT_SECRET_OVERLAP_HOURS],
  );
  return updated > 0 ? clientSecret : null;
}

/** Whether that client exists and that clear secret is one it may authenticate with now (compared by digest, in constant time). */
export async function clientSecretMatches(ds: Db, clientId: string, clientSecret: string): Promise<boolean> {
  const [client] = await ds.query<{ secret_digest: string | null; previous_secret_digest: string | null }>(
    'SELECT secret_digest, CASE WHEN previous_secret_expires_at > now() THEN previous_secret_digest END AS previous_secret_digest FROM oauth_clients WHERE id = $1',
    [clientId],
  );
  if (!client) return false;
  return matchingDigest(clientSecret, [client.secret_digest, client.previous_secret_digest]) !== undefined;
}
