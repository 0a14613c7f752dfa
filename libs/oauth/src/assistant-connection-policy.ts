import type { RowQueryable } from '@cs/persistence';
import { updatedCount } from '@cs/persistence';
import { z } from 'zod';

/**
 * A workspace's "AI assistant connections" setting (developer settings): whether its members may connect apps that
 * registered themselves. `ask_admin`: each (app, member) pair waits for a workspace admin's approval once; the
 * member's consent is held on a waiting page meanwhile, and the approval also serves later connections of that pair.
 */
export const AssistantConnectionPolicy = z.enum(['on', 'off', 'ask_admin']);
export type AssistantConnectionPolicy = z.infer<typeof AssistantConnectionPolicy>;

export async function assistantConnectionPolicy(db: RowQueryable, workspaceId: string): Promise<AssistantConnectionPolicy | undefined> {
  const [row] = await db.query<{ assistant_connections: AssistantConnectionPolicy }>('SELECT assistant_connections FROM workspaces WHERE id = $1', [workspaceId]);
  return row?.assistant_connections;
}

export async function setAssistantConnectionPolicy(db: RowQueryable, workspaceId: string, policy: AssistantConnectionPolicy): Promise<boolean> {
  return (await updatedCount(db, 'UPDATE workspaces SET assistant_connections = $2 WHERE id = $1', [workspaceId, AssistantConnectionPolicy.parse(policy)])) > 0;
}

export type ConnectionRequestState = 'approved' | 'denied' | 'pending';

/**
 * The state of a member's request to connect an app to an `ask_admin` workspace, made now if it was not yet:
 * pending until an admin decides. A decided request keeps its decision (asking again does not reopen a denial).
 */
export async function requestAssistantConnection(db: RowQueryable, request: { workspaceId: string; clientId: string; userId: string }): Promise<ConnectionRequestState> {
  await db.query('INSERT INTO assistant_connection_requests (workspace_id, client_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    request.workspaceId,
    request.clientId,
    request.userId,
  ]);
  const [row] = await db.query<{ decision: 'approved' | 'denied' | null }>(
    'SELECT decision FROM assistant_connection_requests WHERE workspace_id = $1 AND client_id = $2 AND user_id = $3',
    [request.workspaceId, request.clientId, request.userId],
  );
  return row?.decision ?? 'pending';
}

/** A request waiting for an admin, as the developer settings list it. */
export interface PendingConnectionRequest {
  clientId: string;
  clientName: string;
  /** Whether the app describes itself by a metadata document (its id is the document's URL) or registered itself. */
  clientKind: 'dynamic' | 'metadata_document';
  redirectUris: string[];
  userId: string;
  userEmail: string;
  requestedAt: Date;
}

/** A workspace's requests waiting for a decision, oldest first. */
export async function pendingConnectionRequests(db: RowQueryable, workspaceId: string): Promise<PendingConnectionRequest[]> {
  const rows = await db.query<{
    client_id: string;
    client_name: string;
    kind: 'dynamic' | 'metadata_document';
    redirect_uris: string[];
    user_id: string;
    email: string;
    requested_at: Date;
  }>(
    `SELECT r.client_id, k.name AS client_name, k.kind, k.redirect_uris, r.user_id, u.email, r.requested_at
     FROM assistant_connection_requests r JOIN oauth_clients k ON k.id = r.client_id JOIN users u ON u.id = r.user_id
     WHERE r.workspace_id = $1 AND r.decision IS NULL
     ORDER BY r.requested_at, r.client_id, r.user_id`,
    [workspaceId],
  );
  return rows.map((r) => ({
    clientId: r.client_id,
    clientName: r.client_name,
    clientKind: r.kind,
    redirectUris: r.redirect_uris,
    userId: r.user_id,
    userEmail: r.email,
    requestedAt: r.requested_at,
  }));
}

/** An admin's decision on a pending request of their workspace; false when there is no such pending request. */
export async function decideConnectionRequest(
  db: RowQueryable,
  decision: { workspaceId: string; clientId: string; userId: string; decidedBy: string; approve: boolean },
): Promise<boolean> {
  return (
    (await updatedCount(
      db,
      `UPDATE assistant_connection_requests SET decision = $4, decided_by = $5, decided_at = now()
       WHERE workspace_id = $1 AND client_id = $2 AND user_id = $3 AND decision IS NULL`,
      [decision.workspaceId, decision.clientId, decision.userId, decision.approve ? 'approved' : 'denied', decision.decidedBy],
    )) > 0
  );
}
