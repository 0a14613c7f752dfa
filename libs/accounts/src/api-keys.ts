import { newId, newSecret, secretDigest, secretHint } from '@cs/domain';
import { type RowQueryable, type SnakeCased, updatedCount } from '@cs/persistence';

/** The schema's CHECK on api_keys.name: 1 to 100 characters. */
export const API_KEY_NAME_MAX_LENGTH = 100;

export class ApiKeyNameError extends Error {}

/** The owner of a key: a key is bound to one user in one workspace, and dies with that membership. */
export interface ApiKeyOwner {
  workspaceId: string;
  userId: string;
}

export interface CreatedApiKey {
  id: string;
  /** The clear key: shown once, never stored (only its SHA-256 digest and a hint are). */
  key: string;
}

export interface ApiKeySummary {
  id: string;
  name: string;
  /** The recognisable end of the key, e.g. "sk_…4c1d"; the key itself is never stored. */
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A key name as stored (trimmed), or ApiKeyNameError when it is empty or too long. */
export function apiKeyName(value: string): string {
  const name = value.trim();
  if (name.length === 0) throw new ApiKeyNameError('Give the key a name.');
  if (name.length > API_KEY_NAME_MAX_LENGTH) throw new ApiKeyNameError(`Key names are at most ${API_KEY_NAME_MAX_LENGTH} characters.`);
  return name;
}

/** Creates a key for a user already known to be a member of the workspace. */
export async function createApiKey(db: RowQueryable, owner: ApiKeyOwner, name: string, now: Date = new Date()): Promise<CreatedApiKey> {
  const stored = apiKeyName(name);
  const key = newSecret('apiKey');
  const id = newId('apiKey', now);
  await db.query('INSERT INTO api_keys (id, workspace_id, user_id, name, secret_digest, hint, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id,
    owner.workspaceId,
    owner.userId,
    stored,
    secretDigest(key),
    secretHint(key),
    now,
  ]);
  return { id, key };
}

/** The owner's keys in that workspace, revoked ones included, newest first. */
export async function apiKeysOf(db: RowQueryable, owner: ApiKeyOwner): Promise<ApiKeySummary[]> {
  const rows = await db.query<{ id: string; name: string; hint: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
    'SELECT id, name, hint, created_at, last_used_at, revoked_at FROM api_keys WHERE workspace_id = $1 AND user_id = $2 ORDER BY created_at DESC',
    [owner.workspaceId, owner.userId],
  );
  return rows.map((k) => ({ id: k.id, name: k.name, hint: k.hint, createdAt: k.created_at, lastUsedAt: k.last_used_at, revokedAt: k.revoked_at }));
}

/** A user's key as their account page lists it: with the workspace it acts in. */
export interface PersonalApiKey extends ApiKeySummary {
  workspaceId: string;
  workspaceName: string;
}

/**
 * Every key of a user, in the workspaces they are still a member of (a key dies with its membership), newest
 * first: members manage their own keys on the account page (issue 19).
 */
export async function apiKeysOfUser(db: RowQueryable, userId: string): Promise<PersonalApiKey[]> {
  const rows = await db.query<{ id: string; name: string; hint: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null; workspace_id: string; workspace_name: string }>(
    `SELECT k.id, k.name, k.hint, k.created_at, k.last_used_at, k.revoked_at, w.id AS workspace_id, w.name AS workspace_name
       FROM api_keys k
       JOIN memberships m ON m.workspace_id = k.workspace_id AND m.user_id = k.user_id
       JOIN workspaces w ON w.id = k.workspace_id
      WHERE k.user_id = $1
      ORDER BY k.created_at DESC, k.id DESC`,
    [userId],
  );
  return rows.map((k) => ({
    id: k.id,
    name: k.name,
    hint: k.hint,
    createdAt: k.created_at,
    lastUsedAt: k.last_used_at,
    revokedAt: k.revoked_at,
    workspaceId: k.workspace_id,
    workspaceName: k.workspace_name,
  }));
}

/** Revokes one of the owner's live keys; false when there is no such key (another owner's, or already revoked). */
export async function revokeApiKey(db: RowQueryable, owner: ApiKeyOwner, keyId: string): Promise<boolean> {
  const revoked = await updatedCount(
    db,
    'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND workspace_id = $2 AND user_id = $3 AND revoked_at IS NULL',
    [keyId, owner.workspaceId, owner.userId],
  );
  return revoked > 0;
}

/** A key's last use is written at most this often: the page shows minutes, and a busy key would otherwise write on every request. */
export const API_KEY_USE_RECORDED_EVERY_MS = 60_000;

/** Whether a use now is worth recording, given the last one recorded. */
export const apiKeyUseDue = (lastUsedAt: Date | null, now: Date = new Date()): boolean =>
  lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= API_KEY_USE_RECORDED_EVERY_MS;

/**
 * Records that the key was used at `now`, unless a use within the last minute is already recorded (by a
 * concurrent request or another replica: the condition is re-read under the row lock). True when it wrote.
 */
export async function recordApiKeyUse(db: RowQueryable, keyId: string, now: Date = new Date()): Promise<boolean> {
  const recorded = await updatedCount(
    db,
    'UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)',
    [keyId, now, new Date(now.getTime() - API_KEY_USE_RECORDED_EVERY_MS)],
  );
  return recorded > 0;
}

/** A row of `api_keys` as stored: the digest and hint, never the key. */
export interface ApiKeyRow {
  id: string;
  workspaceId: string;
  userId: string;
  name: string;
  secretDigest: string;
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

type ApiKeyRecord = SnakeCased<ApiKeyRow>;

const toApiKeyRow = (r: ApiKeyRecord): ApiKeyRow => ({
  id: r.id,
  workspaceId: r.workspace_id,
  userId: r.user_id,
  name: r.name,
  secretDigest: r.secret_digest,
  hint: r.hint,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

const API_KEY_COLUMNS = 'id, workspace_id, user_id, name, secret_digest, hint, created_at, last_used_at, revoked_at';

export async function apiKeyById(db: RowQueryable, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db.query<ApiKeyRecord>(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE id = $1`, [id]);
  return row ? toApiKeyRow(row) : null;
}

/** The stored key with that clear key's digest in that workspace, revoked or not; null when there is none. */
export async function apiKeyBySecret(db: RowQueryable, workspaceId: string, key: string): Promise<ApiKeyRow | null> {
  const [row] = await db.query<ApiKeyRecord>(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE secret_digest = $1 AND workspace_id = $2`, [secretDigest(key), workspaceId]);
  return row ? toApiKeyRow(row) : null;
}
