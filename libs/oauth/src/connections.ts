import type { RowQueryable } from '@cs/persistence';
import type { Pool } from 'pg';
import { withOfflineAccess } from './offline-access';

/** A user's connection of an app to one workspace: one consented grant (spec "Authentication" 7). */
export interface Connection {
  /** The connection's grant id: what the account page's revoke form names. */
  id: string;
  clientName: string;
  logoUri: string | null;
  workspaceName: string;
  scopes: string[];
  connectedAt: Date;
  lastUsedAt: Date | null;
}

/** Who a token of a connection acts for. */
export interface ConnectionUse {
  userId: string;
  workspaceId: string;
  tenantId: string;
  email: string;
}

/**
 * Records the connection a consent created; its scopes always include offline_access. A dynamically registered
 * client's first consent makes it permanent (it no longer expires unused, DYNAMIC_CLIENT_UNUSED_HOURS).
 */
export async function recordConnection(
  db: RowQueryable,
  connection: { grantId: string; clientId: string; userId: string; workspaceId: string; scopes: Iterable<string> },
): Promise<void> {
  await db.query(
    `WITH used AS (UPDATE oauth_clients SET unused_expires_at = NULL WHERE id = $2 AND unused_expires_at IS NOT NULL)
     INSERT INTO oauth_connections (grant_id, client_id, user_id, workspace_id, scopes) VALUES ($1, $2, $3, $4, $5)`, [
    connection.grantId,
    connection.clientId,
    connection.userId,
    connection.workspaceId,
    withOfflineAccess(connection.scopes),
  ]);
}

/** A user's live connections, newest first: the account page's connected apps. */
export async function connectionsOf(db: RowQueryable, userId: string): Promise<Connection[]> {
  const rows = await db.query<{
    grant_id: string;
    client_name: string;
    logo_uri: string | null;
    workspace_name: string;
    scopes: string[];
    created_at: Date;
    last_used_at: Date | null;
  }>(
    `SELECT c.grant_id, k.name AS client_name, k.logo_uri, w.name AS workspace_name, c.scopes, c.created_at, c.last_used_at
     FROM oauth_connections c JOIN oauth_clients k ON k.id = c.client_id JOIN workspaces w ON w.id = c.workspace_id
     WHERE c.user_id = $1 AND c.revoked_at IS NULL
     ORDER BY c.created_at DESC`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.grant_id,
    clientName: r.client_name,
    logoUri: r.logo_uri,
    workspaceName: r.workspace_name,
    scopes: r.scopes,
    connectedAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

/**
 * An app as the account page lists it: every live connection of the user to one client, grouped (issue 19: each
 * authorization was its own row, and the demo app appeared 7 to 16 times).
 */
export interface ConnectedApp {
  clientId: string;
  clientName: string;
  /** An app that registered itself (an AI assistant): its name is self-declared, nobody verified it. */
  selfRegistered: boolean;
  logoUri: string | null;
  /** The workspaces it was connected to, by name. */
  workspaceNames: string[];
  /** Every scope any of its connections holds. */
  scopes: string[];
  /** The first connection's time. */
  connectedAt: Date;
  lastUsedAt: Date | null;
  connectionCount: number;
}

/** A user's connected apps, the most recently connected first. */
export async function connectedAppsOf(db: RowQueryable, userId: string): Promise<ConnectedApp[]> {
  const rows = await db.query<{
    client_id: string;
    client_name: string;
    kind: string;
    logo_uri: string | null;
    workspace_names: string[];
    scopes: string[];
    connected_at: Date;
    last_used_at: Date | null;
    connection_count: number;
  }>(
    `SELECT k.id AS client_id, k.name AS client_name, k.kind, k.logo_uri,
            array_agg(DISTINCT w.name ORDER BY w.name) AS workspace_names,
            array(SELECT DISTINCT s FROM oauth_connections c2, unnest(c2.scopes) s
                   WHERE c2.client_id = k.id AND c2.user_id = $1 AND c2.revoked_at IS NULL ORDER BY s) AS scopes,
            min(c.created_at) AS connected_at, max(c.last_used_at) AS last_used_at, count(*)::int AS connection_count
     FROM oauth_connections c JOIN oauth_clients k ON k.id = c.client_id JOIN workspaces w ON w.id = c.workspace_id
     WHERE c.user_id = $1 AND c.revoked_at IS NULL
     GROUP BY k.id
     ORDER BY max(c.created_at) DESC, k.id`,
    [userId],
  );
  return rows.map((r) => ({
    clientId: r.client_id,
    clientName: r.client_name,
    selfRegistered: r.kind !== 'registered',
    logoUri: r.logo_uri,
    workspaceNames: r.workspace_names,
    scopes: r.scopes,
    connectedAt: r.connected_at,
    lastUsedAt: r.last_used_at,
    connectionCount: r.connection_count,
  }));
}

/** The grant ids of a user's live connections to one app: what revoking the app revokes. */
export async function liveConnectionsToApp(db: RowQueryable, userId: string, clientId: string): Promise<string[]> {
  const rows = await db.query<{ grant_id: string }>(
    'SELECT grant_id FROM oauth_connections WHERE user_id = $1 AND client_id = $2 AND revoked_at IS NULL ORDER BY created_at',
    [userId, clientId],
  );
  return rows.map((r) => r.grant_id);
}

/** Whether the grant is a live connection of this user (a user revokes only their own). */
export async function isLiveConnectionOf(db: RowQueryable, grantId: string, userId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM oauth_connections WHERE grant_id = $1 AND user_id = $2 AND revoked_at IS NULL', [grantId, userId]);
  return rows.length > 0;
}

/**
 * Marks a live connection used now (the account page shows it as "last used") and says who its tokens act for;
 * undefined when the connection was revoked, or when it is an assistant's and its workspace turned AI assistant
 * connections off (no new tokens; those issued run out). Runs on every token issued, hence a named statement.
 */
export async function useConnection(pool: Pool, grantId: string): Promise<ConnectionUse | undefined> {
  const { rows } = await pool.query<{ user_id: string; workspace_id: string; tenant_id: string; email: string }>({
    name: 'auth-use-connection',
    text: `UPDATE oauth_connections c SET last_used_at = now() FROM workspaces w, users u, oauth_clients k
     WHERE c.grant_id = $1 AND c.revoked_at IS NULL AND w.id = c.workspace_id AND u.id = c.user_id AND k.id = c.client_id
       AND (k.kind = 'registered' OR w.assistant_connections <> 'off')
     RETURNING c.user_id, c.workspace_id, w.tenant_id, u.email`,
    values: [grantId],
  });
  const row = rows[0];
  return row && { userId: row.user_id, workspaceId: row.workspace_id, tenantId: row.tenant_id, email: row.email };
}
