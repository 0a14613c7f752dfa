import { type BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { apiKeyUseDue, recordApiKeyUse } from '@cs/accounts';
import { API_KEY_SCOPES, invalidToken, type Principal, type Role, SECRET_PREFIXES, secretDigest } from '@cs/domain';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@cs/persistence';
import type { SqlRunner } from './sql-runner';

export type KeyLookup = SqlRunner;

interface KeyRow {
  id: string;
  user_id: string;
  workspace_id: string;
  tenant_id: string;
  role: Role;
  last_used_at: Date | null;
}

const API_KEY_SHAPE = new RegExp(`^${SECRET_PREFIXES.apiKey}_[A-Za-z0-9_-]{43}$`);

export const looksLikeApiKey = (token: string): boolean => token.startsWith(`${SECRET_PREFIXES.apiKey}_`);

/**
 * Resolves `sk_…` keys. Only the SHA-256 digest is stored, and lookup is by digest, so no comparison
 * ever runs over the secret itself. The join on memberships makes a key die with its user's membership.
 * A resolved key's use is recorded for the developer page, at most once a minute and off the request's path.
 */
export class ApiKeyResolver implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ApiKeyResolver.name);
  private readonly useWrites = new Set<Promise<void>>();

  constructor(private readonly db: KeyLookup) {}

  async resolve(token: string): Promise<Principal> {
    if (!API_KEY_SHAPE.test(token)) throw invalidToken('The API key is malformed.');
    let row: KeyRow | undefined;
    try {
      [row] = await this.db.query<KeyRow>(
        `SELECT k.id, k.user_id, k.workspace_id, w.tenant_id, m.role, k.last_used_at
         FROM api_keys k
         JOIN memberships m ON m.workspace_id = k.workspace_id AND m.user_id = k.user_id
         JOIN workspaces w ON w.id = k.workspace_id
         WHERE k.secret_digest = $1 AND k.revoked_at IS NULL`,
        [secretDigest(token)],
      );
    } catch (error) {
      // Not the key's fault: a 401 would tell the client its key is bad (many then drop it), while only the lookup
      // failed, as it does during a Postgres restart. 503 with Retry-After says retry, as the other routes answer.
      throw isDatabaseUnavailable(error) ? DATABASE_UNAVAILABLE : error;
    }
    if (!row) throw invalidToken('The API key is unknown or revoked.');
    if (apiKeyUseDue(row.last_used_at)) this.recordUse(row.id);
    return {
      via: 'api_key',
      userId: row.user_id,
      workspaceId: row.workspace_id,
      tenantId: row.tenant_id,
      role: row.role,
      scopes: API_KEY_SCOPES,
      credentialId: row.id,
    };
  }

  /** Not awaited: the request never waits for the write, and a failed write is logged, never the request's failure. */
  private recordUse(keyId: string): void {
    const write = recordApiKeyUse(this.db, keyId).then(
      () => undefined,
      (error: unknown) => this.logger.warn(`Recording the use of API key ${keyId} failed: ${String(error)}`),
    );
    this.useWrites.add(write);
    void write.finally(() => this.useWrites.delete(write));
  }

  /** Resolves once the use writes started so far have ended, so code about to close the pool can wait for them. */
  async settled(): Promise<void> {
    await Promise.all(this.useWrites);
  }

  /**
   * Nest's hook when the resolver is a provider: the app has stopped taking requests (the HTTP drain), and the pool
   * closes only after this (InfrastructureModule's onApplicationShutdown), so the last uses are written, not lost.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.settled();
  }
}
