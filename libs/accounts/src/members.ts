import { newId, type Role } from '@cs/domain';
import { returnedRow, type RowQueryable, type SnakeCased } from '@cs/persistence';

/** A row of `users`: one person across workspaces. */
export interface UserRow {
  id: string;
  email: string;
  name: string | null;
  /** scrypt hash; null for a user who cannot sign in with a password. */
  passwordHash: string | null;
  createdAt: Date;
}

/** A row of `memberships`: a user's role in one workspace. */
export interface MembershipRow {
  workspaceId: string;
  userId: string;
  role: Role;
  createdAt: Date;
}

const USER_COLUMNS = 'id, email, name, password_hash, created_at';
const MEMBERSHIP_COLUMNS = 'workspace_id, user_id, role, created_at';

type UserRecord = SnakeCased<UserRow>;
type MembershipRecord = SnakeCased<MembershipRow>;

const toUser = (r: UserRecord): UserRow => ({ id: r.id, email: r.email, name: r.name, passwordHash: r.password_hash, createdAt: r.created_at });
const toMembership = (r: MembershipRecord): MembershipRow => ({ workspaceId: r.workspace_id, userId: r.user_id, role: r.role, createdAt: r.created_at });

export async function createUser(
  db: RowQueryable,
  user: { email: string; name?: string | null; passwordHash?: string | null; createdAt?: Date },
): Promise<UserRow> {
  const createdAt = user.createdAt ?? new Date();
  const rows = await db.query<UserRecord>(
    `INSERT INTO users (id, email, name, password_hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${USER_COLUMNS}`,
    [newId('user', createdAt), user.email, user.name ?? null, user.passwordHash ?? null, createdAt],
  );
  return toUser(returnedRow(rows, 'INSERT INTO users'));
}

export async function userById(db: RowQueryable, id: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ? toUser(row) : null;
}

/** Emails are unique case-insensitively (users_email_key is on lower(email)). */
export async function userByEmail(db: RowQueryable, email: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
  return row ? toUser(row) : null;
}

/** The member of that workspace with that email (case-insensitive), or null. */
export async function memberByEmail(db: RowQueryable, workspaceId: string, email: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRecord>(
    `SELECT ${USER_COLUMNS.split(', ').map((c) => `u.${c}`).join(', ')}
     FROM users u JOIN memberships m ON m.user_id = u.id AND m.workspace_id = $1 WHERE lower(u.email) = lower($2)`,
    [workspaceId, email],
  );
  return row ? toUser(row) : null;
}

export async function setPasswordHash(db: RowQueryable, userId: string, passwordHash: string | null): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

export async function addMembership(db: RowQueryable, membership: { workspaceId: string; userId: string; role: Role; createdAt?: Date }): Promise<MembershipRow> {
  const rows = await db.query<MembershipRecord>(
    `INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES ($1, $2, $3, $4) RETURNING ${MEMBERSHIP_COLUMNS}`,
    [membership.workspaceId, membership.userId, membership.role, membership.createdAt ?? new Date()],
  );
  return toMembership(returnedRow(rows, 'INSERT INTO memberships'));
}

export async function membershipOf(db: RowQueryable, workspaceId: string, userId: string): Promise<MembershipRow | null> {
  const [row] = await db.query<MembershipRecord>(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships WHERE workspace_id = $1 AND user_id = $2`, [workspaceId, userId]);
  return row ? toMembership(row) : null;
}
