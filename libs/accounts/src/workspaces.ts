import { newId } from '@cs/domain';
import { returnedRow, type RowQueryable, type SnakeCased } from '@cs/persistence';

/** A row of `tenants`: the customer that owns workspaces. */
export interface TenantRow {
  id: string;
  name: string;
  createdAt: Date;
}

/** A row of `workspaces`. */
export interface WorkspaceRow {
  id: string;
  tenantId: string;
  name: string;
  oauthAppsEnabled: boolean;
  createdAt: Date;
}

const TENANT_COLUMNS = 'id, name, created_at';
const WORKSPACE_COLUMNS = 'id, tenant_id, name, oauth_apps_enabled, created_at';

type TenantRecord = SnakeCased<TenantRow>;
type WorkspaceRecord = SnakeCased<WorkspaceRow>;

const toTenant = (r: TenantRecord): TenantRow => ({ id: r.id, name: r.name, createdAt: r.created_at });

const toWorkspace = (r: WorkspaceRecord): WorkspaceRow => ({
  id: r.id,
  tenantId: r.tenant_id,
  name: r.name,
  oauthAppsEnabled: r.oauth_apps_enabled,
  createdAt: r.created_at,
});

export async function createTenant(db: RowQueryable, tenant: { name: string; createdAt?: Date }): Promise<TenantRow> {
  const createdAt = tenant.createdAt ?? new Date();
  const rows = await db.query<TenantRecord>(`INSERT INTO tenants (id, name, created_at) VALUES ($1, $2, $3) RETURNING ${TENANT_COLUMNS}`, [
    newId('tenant', createdAt),
    tenant.name,
    createdAt,
  ]);
  return toTenant(returnedRow(rows, 'INSERT INTO tenants'));
}

/** A workspace of an existing tenant; OAuth apps stay off until an admin enables them. */
export async function createWorkspace(
  db: RowQueryable,
  workspace: { tenantId: string; name: string; oauthAppsEnabled?: boolean; createdAt?: Date; id?: string },
): Promise<WorkspaceRow> {
  const createdAt = workspace.createdAt ?? new Date();
  const rows = await db.query<WorkspaceRecord>(
    `INSERT INTO workspaces (id, tenant_id, name, oauth_apps_enabled, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${WORKSPACE_COLUMNS}`,
    [workspace.id ?? newId('workspace', createdAt), workspace.tenantId, workspace.name, workspace.oauthAppsEnabled ?? false, createdAt],
  );
  return toWorkspace(returnedRow(rows, 'INSERT INTO workspaces'));
}

export async function tenantById(db: RowQueryable, id: string): Promise<TenantRow | null> {
  const [row] = await db.query<TenantRecord>(`SELECT ${TENANT_COLUMNS} FROM tenants WHERE id = $1`, [id]);
  return row ? toTenant(row) : null;
}

export async function workspaceById(db: RowQueryable, id: string): Promise<WorkspaceRow | null> {
  const [row] = await db.query<WorkspaceRecord>(`SELECT ${WORKSPACE_COLUMNS} FROM workspaces WHERE id = $1`, [id]);
  return row ? toWorkspace(row) : null;
}

/** The oldest workspace of that name (names are not unique), or null. */
export async function oldestWorkspaceNamed(db: RowQueryable, name: string): Promise<WorkspaceRow | null> {
  const [row] = await db.query<WorkspaceRecord>(`SELECT ${WORKSPACE_COLUMNS} FROM workspaces WHERE name = $1 ORDER BY created_at, id LIMIT 1`, [name]);
  return row ? toWorkspace(row) : null;
}

/** The oldest workspace of that name that has a member with one of these emails (compared case-insensitively), or null. */
export async function oldestWorkspaceNamedWithMember(db: RowQueryable, name: string, emails: readonly string[]): Promise<WorkspaceRow | null> {
  const [row] = await db.query<WorkspaceRecord>(
    `SELECT ${WORKSPACE_COLUMNS.split(', ').map((c) => `w.${c}`).join(', ')} FROM workspaces w
     WHERE w.name = $1 AND EXISTS (
       SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.workspace_id = w.id AND lower(u.email) = ANY($2))
     ORDER BY w.created_at, w.id LIMIT 1`,
    [name, emails.map((e) => e.toLowerCase())],
  );
  return row ? toWorkspace(row) : null;
}
