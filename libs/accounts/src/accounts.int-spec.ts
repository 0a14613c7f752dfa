import { hashPassword, secretDigest } from '@cs/domain';
import { poolQueryable, postgresPool, type RowQueryable } from '@cs/persistence';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import { API_KEY_NAME_MAX_LENGTH, ApiKeyNameError, apiKeysOf, apiKeysOfUser, createApiKey, revokeApiKey } from './api-keys';
import { workspacesOf } from './memberships';
import { recordSignInAttempt, userEmail, userIdForCredentials } from './users';
import { WebSessionStore } from './web-sessions';

describe('accounts', () => {
  let db: TestDatabase;
  let sql: RowQueryable;
  let f: Fixtures;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = poolQueryable(postgresPool(db.dataSource));
    f = new Fixtures(db.dataSource);
  });

  afterAll(async () => {
    await db.drop();
  });

  const member = async (over: Parameters<Fixtures['member']>[1] = {}): Promise<Member> => f.member(await f.workspace(), over);
  const ownerOf = (m: Member) => ({ workspaceId: m.workspace.id, userId: m.user.id });

  describe('users', () => {
    it('finds the user of a correct password, whatever the email casing, and nobody for a wrong one', async () => {
      const m = await member({ email: 'Casey@Example.test', passwordHash: await hashPassword('correct horse') });
      expect(await userIdForCredentials(sql, 'casey@example.TEST', 'correct horse')).toBe(m.user.id);
      expect(await userIdForCredentials(sql, 'casey@example.test', 'wrong horse')).toBeNull();
      expect(await userIdForCredentials(sql, 'nobody@example.test', 'correct horse')).toBeNull();
    });

    it('never signs in a user without a password', async () => {
      await member({ email: 'sso-only@example.test', passwordHash: null });
      expect(await userIdForCredentials(sql, 'sso-only@example.test', '')).toBeNull();
    });

    it('reads a user email by id', async () => {
      const m = await member();
      expect(await userEmail(postgresPool(db.dataSource), m.user.id)).toBe(m.user.email);
      expect(await userEmail(postgresPool(db.dataSource), 'usr_unknown')).toBeUndefined();
    });

    it('records sign-in attempts with the email lower-cased', async () => {
      await recordSignInAttempt(sql, { email: 'Audit@Example.test', ip: '127.0.0.9', succeeded: false });
      expect(await sql.query('SELECT email, ip, succeeded FROM sign_in_attempts WHERE ip = $1', ['127.0.0.9'])).toEqual([
        { email: 'audit@example.test', ip: '127.0.0.9', succeeded: false },
      ]);
    });
  });

  describe('web sessions', () => {
    it('knows the user of a started session until it ends, and stores only the token digest', async () => {
      const m = await member();
      const sessions = new WebSessionStore(sql);
      const token = await sessions.start(m.user.id);
      expect(await sessions.user(token)).toEqual({ id: m.user.id, email: m.user.email, administers: m.role === 'admin' });
      expect(await sql.query('SELECT 1 FROM web_sessions WHERE id_digest = $1', [secretDigest(token)])).toHaveLength(1);
      expect(await sql.query('SELECT 1 FROM web_sessions WHERE id_digest = $1', [token])).toHaveLength(0);
      await sessions.end(token);
      expect(await sessions.user(token)).toBeNull();
    });

    it('says whether the user administers a workspace, so the pages link admin pages to admins only', async () => {
      const sessions = new WebSessionStore(sql);
      const plain = await member({ role: 'member' });
      const boss = await member({ role: 'admin' });
      expect((await sessions.user(await sessions.start(plain.user.id)))?.administers).toBe(false);
      expect((await sessions.user(await sessions.start(boss.user.id)))?.administers).toBe(true);
    });

    it('forgets an expired session', async () => {
      const m = await member();
      const sessions = new WebSessionStore(sql);
      const token = await sessions.start(m.user.id);
      await sql.query("UPDATE web_sessions SET expires_at = now() - interval '1 second' WHERE id_digest = $1", [secretDigest(token)]);
      expect(await sessions.user(token)).toBeNull();
    });
  });

  describe('memberships', () => {
    it('lists a user workspaces by name with role and whether OAuth apps are enabled', async () => {
      const b = await f.workspace({ name: 'Beta', oauthAppsEnabled: true });
      const a = await f.workspace({ name: 'Alpha' });
      const m = await f.member(b, { role: 'admin' });
      await db.dataSource.query('INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3)', [a.id, m.user.id, 'member']);
      expect(await workspacesOf(sql, m.user.id)).toEqual([
        { id: a.id, name: 'Alpha', role: 'member', oauthAppsEnabled: false },
        { id: b.id, name: 'Beta', role: 'admin', oauthAppsEnabled: true },
      ]);
    });
  });

  describe('API keys', () => {
    it('creates a key storing its trimmed name, digest and hint, lists it, and revokes it once', async () => {
      const m = await member();
      const { id, key } = await createApiKey(sql, ownerOf(m), '  Zapier ');
      expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
      const [listed] = await apiKeysOf(sql, ownerOf(m));
      expect(listed).toMatchObject({ id, name: 'Zapier', revokedAt: null, lastUsedAt: null });
      expect(await sql.query('SELECT 1 FROM api_keys WHERE id = $1 AND secret_digest = $2', [id, secretDigest(key)])).toHaveLength(1);
      expect(await revokeApiKey(sql, ownerOf(m), id)).toBe(true);
      expect(await revokeApiKey(sql, ownerOf(m), id)).toBe(false);
      // The same through TypeORM's DataSource, which answers an UPDATE differently from a pool.
      expect(await revokeApiKey(db.dataSource, ownerOf(m), id)).toBe(false);
      const second = await createApiKey(db.dataSource, ownerOf(m), 'Second');
      expect(await revokeApiKey(db.dataSource, ownerOf(m), second.id)).toBe(true);
      expect((await apiKeysOf(sql, ownerOf(m)))[0]?.revokedAt).toBeInstanceOf(Date);
    });

    it(`refuses names over ${API_KEY_NAME_MAX_LENGTH} characters (and empty ones) and writes nothing`, async () => {
      const m = await member();
      await expect(createApiKey(sql, ownerOf(m), 'k'.repeat(API_KEY_NAME_MAX_LENGTH + 1))).rejects.toThrow(
        new ApiKeyNameError('Key names are at most 100 characters.'),
      );
      await expect(createApiKey(sql, ownerOf(m), '   ')).rejects.toThrow(new ApiKeyNameError('Give the key a name.'));
      await expect(createApiKey(sql, ownerOf(m), 'k'.repeat(API_KEY_NAME_MAX_LENGTH))).resolves.toMatchObject({ id: expect.any(String) });
      expect(await apiKeysOf(sql, ownerOf(m))).toHaveLength(1);
    });

    it("lists a user's keys across their workspaces, with the workspace, and none of a workspace they left", async () => {
      const m = await member();
      const second = await f.workspace({ name: 'Second workspace' });
      await db.dataSource.query('INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3)', [second.id, m.user.id, 'member']);
      const here = await createApiKey(sql, ownerOf(m), 'Here');
      const there = await createApiKey(sql, { workspaceId: second.id, userId: m.user.id }, 'There');
      // Created in the same millisecond, the two would tie on created_at and list in id order, which is random
      // within a millisecond: the first one is made older so the list order (newest first) is the one asserted.
      await db.dataSource.query(`UPDATE api_keys SET created_at = created_at - interval '1 second' WHERE id = $1`, [here.id]);
      const listed = await apiKeysOfUser(sql, m.user.id);
      expect(listed.map((k) => [k.id, k.workspaceId, k.workspaceName])).toEqual([
        [there.id, second.id, 'Second workspace'],
        [here.id, m.workspace.id, m.workspace.name],
      ]);
      await db.dataSource.query('DELETE FROM memberships WHERE workspace_id = $1 AND user_id = $2', [second.id, m.user.id]);
      expect((await apiKeysOfUser(sql, m.user.id)).map((k) => k.id)).toEqual([here.id]);
      expect(await apiKeysOfUser(sql, (await member()).user.id)).toEqual([]);
    });

    it("does not revoke another member's key", async () => {
      const owner = await member();
      const other = await f.member(owner.workspace);
      const { id } = await createApiKey(sql, ownerOf(owner), 'Mine');
      expect(await revokeApiKey(sql, ownerOf(other), id)).toBe(false);
      expect(await apiKeysOf(sql, ownerOf(other))).toEqual([]);
    });
  });
});
