import type { RowQueryable } from '@cs/persistence';
import type { Pool } from 'pg';

/** A registered client as the developer settings show it. */
export interface ClientSummary {
  clientId: string;
  name: string;
  logoUri: string | null;
  redirectUris: string[];
  scopes: string[];
  createdAt: Date;
  /** The recognisable end of the secret, e.g. "cs_…9f2a"; the secret itself is never stored. */
  secretHint: string;
}

/** What the authorization server needs of a client to authenticate it and check its requests. */
export interface ClientRecord {
  id: string;
  name: string;
  logoUri: string | null;
  redirectUris: string[];
  scopes: string[];
  secretDigest: string;
}

interface ClientRow {
  id: string;
  name: string;
  logo_uri: string | null;
  redirect_uris: string[];
  scopes: string[];
  secret_digest: string;
  created_at: Date;
  secret_hint: string;
}

const SUMMARY_COLUMNS = 'id, name, logo_uri, redirect_uris, scopes, created_at, secret_hint';

const summary = (c: Omit<ClientRow, 'secret_digest'>): ClientSummary => ({
  clientId: c.id,
  name: c.name,
  logoUri: c.logo_uri,
  redirectUris: c.redirect_uris,
  scopes: c.scopes,
  createdAt: c.created_at,
  secretHint: c.secret_hint,
});

/** A workspace's clients, newest first. */
export async function clientsOfWorkspace(db: RowQueryable, workspaceId: string): Promise<ClientSummary[]> {
  const rows = await db.query<Omit<ClientRow, 'secret_digest'>>(
    `SELECT ${SUMMARY_COLUMNS} FROM oauth_clients WHERE workspace_id = $1 ORDER BY created_at DESC`,
    [workspaceId],
  );
  return rows.map(summary);
}

/** One client of a workspace, or undefined when the workspace has no such client. */
export async function clientOfWorkspace(db: RowQueryable, workspaceId: string, clientId: string): Promise<ClientSummary | undefined> {
  const clients = await db.query<Omit<ClientRow, 'secret_digest'>>(
    `SELECT ${SUMMARY_COLUMNS} FROM oauth_clients WHERE id = $1 AND workspace_id = $2`,
    [clientId, workspaceId],
  );
  return clients.map(summary)[0];
}

/**
 * A client by id, read on every lookup of the authorization server so edits and deletes apply at once; a named
 * statement, planned once per connection.
 */
export async function findClient(pool: Pool, clientId: string): Promise<ClientRecord | undefined> {
  const { rows } = await pool.query<ClientRow>({
    name: 'oidc-find-client',
    text: 'SELECT id, name, logo_uri, redirect_uris, scopes, secret_digest FROM oauth_clients WHERE id = $1',
    values: [clientId],
  });
  const row = rows[0];
  return row && { id: row.id, name: row.name, logoUri: row.logo_uri, redirectUris: row.redirect_uris, scopes: row.scopes, secretDigest: row.secret_digest };
}

/** The stored digest of a client's secret, or undefined for an unknown client. */
export async function clientSecretDigest(pool: Pool, clientId: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ secret_digest: string }>({ name: 'auth-client-digest', text: 'SELECT secret_digest FROM oauth_clients WHERE id = $1', values: [clientId] });
  return rows[0]?.secret_digest;
}
