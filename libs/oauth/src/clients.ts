import { secretMatches } from '@cs/domain';
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
  /** The secret a rotation replaced, while it is still accepted (CLIENT_SECRET_OVERLAP_HOURS); else null. */
  previousSecret: { hint: string; expiresAt: Date } | null;
}

/**
 * Who registered a client: a workspace admin (`registered`, confidential, any resource), or the app itself by
 * dynamic registration (`dynamic`) or by a Client ID Metadata Document (`metadata_document`): public clients, the
 * AI assistants of issue 17.
 */
export type ClientKind = 'registered' | 'dynamic' | 'metadata_document';

/** What the authorization server needs of a client to authenticate it and check its requests. */
export interface ClientRecord {
  id: string;
  kind: ClientKind;
  name: string;
  logoUri: string | null;
  redirectUris: string[];
  scopes: string[];
  /** Null for a public client (it has no secret). */
  secretDigest: string | null;
  /** The digest of the replaced secret while the rotation's overlap lasts, else null. */
  previousSecretDigest: string | null;
}

interface ClientRow {
  id: string;
  kind: ClientKind;
  name: string;
  logo_uri: string | null;
  redirect_uris: string[];
  scopes: string[];
  secret_digest: string | null;
  created_at: Date;
  secret_hint: string;
  previous_secret_hint: string | null;
  previous_secret_expires_at: Date | null;
  previous_secret_digest: string | null;
}

/** The replaced secret's columns, null once its overlap has ended (the row keeps them until the next rotation). */
const LIVE_PREVIOUS = (column: string) => `CASE WHEN previous_secret_expires_at > now() THEN ${column} END AS ${column}`;

const SUMMARY_COLUMNS = `id, name, logo_uri, redirect_uris, scopes, created_at, secret_hint,
  ${LIVE_PREVIOUS('previous_secret_hint')}, ${LIVE_PREVIOUS('previous_secret_expires_at')}`;

type SummaryRow = Omit<ClientRow, 'kind' | 'secret_digest' | 'previous_secret_digest'>;

const summary = (c: SummaryRow): ClientSummary => ({
  clientId: c.id,
  name: c.name,
  logoUri: c.logo_uri,
  redirectUris: c.redirect_uris,
  scopes: c.scopes,
  createdAt: c.created_at,
  secretHint: c.secret_hint,
  previousSecret: c.previous_secret_hint && c.previous_secret_expires_at ? { hint: c.previous_secret_hint, expiresAt: c.previous_secret_expires_at } : null,
});

/** A workspace's clients, newest first. */
export async function clientsOfWorkspace(db: RowQueryable, workspaceId: string): Promise<ClientSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM oauth_clients WHERE workspace_id = $1 ORDER BY created_at DESC`,
    [workspaceId],
  );
  return rows.map(summary);
}

/** One client of a workspace, or undefined when the workspace has no such client. */
export async function clientOfWorkspace(db: RowQueryable, workspaceId: string, clientId: string): Promise<ClientSummary | undefined> {
  const clients = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM oauth_clients WHERE id = $1 AND workspace_id = $2`,
    [clientId, workspaceId],
  );
  return clients.map(summary)[0];
}

/** The workspace that registered a client, by name, as the consent screen names it; undefined for an unknown client. */
export async function clientWorkspaceName(db: RowQueryable, clientId: string): Promise<string | undefined> {
  const [row] = await db.query<{ name: string }>('SELECT w.name FROM oauth_clients c JOIN workspaces w ON w.id = c.workspace_id WHERE c.id = $1', [clientId]);
  return row?.name;
}

/**
 * A client by id, read on every lookup of the authorization server so edits and deletes apply at once; a named
 * statement, planned once per connection. A client known by a metadata document is never answered from here (its
 * row only names it on the account page): the document is its metadata. A dynamic client past its
 * `unused_expires_at` (it never completed a consent) no longer exists.
 */
export async function findClient(pool: Pool, clientId: string): Promise<ClientRecord | undefined> {
  const { rows } = await pool.query<ClientRow>({
    name: 'oidc-find-client',
    text: `SELECT id, kind, name, logo_uri, redirect_uris, scopes, secret_digest, ${LIVE_PREVIOUS('previous_secret_digest')} FROM oauth_clients
     WHERE id = $1 AND kind <> 'metadata_document' AND (unused_expires_at IS NULL OR unused_expires_at > now())`,
    values: [clientId],
  });
  const row = rows[0];
  return (
    row && {
      id: row.id,
      kind: row.kind,
      name: row.name,
      logoUri: row.logo_uri,
      redirectUris: row.redirect_uris,
      scopes: row.scopes,
      secretDigest: row.secret_digest,
      previousSecretDigest: row.previous_secret_digest,
    }
  );
}

/** The digests of every secret a client may authenticate with now (current, and the replaced one during the overlap). */
export async function clientSecretDigests(pool: Pool, clientId: string): Promise<string[]> {
  const { rows } = await pool.query<{ secret_digest: string | null; previous_secret_digest: string | null }>({
    name: 'auth-client-digests',
    text: `SELECT secret_digest, ${LIVE_PREVIOUS('previous_secret_digest')} FROM oauth_clients WHERE id = $1`,
    values: [clientId],
  });
  const row = rows[0];
  return row ? [row.secret_digest, row.previous_secret_digest].filter((d): d is string => d !== null) : [];
}

/**
 * The stored digest (of a client's current or replaced secret) that a presented secret matches, if any: each is
 * compared in constant time, and all of them always, so the time taken does not tell which one matched.
 */
export function matchingDigest(presented: string, storedDigests: readonly (string | null | undefined)[]): string | undefined {
  let matched: string | undefined;
  for (const digest of storedDigests) if (typeof digest === 'string' && secretMatches(presented, digest)) matched = digest;
  return matched;
}
