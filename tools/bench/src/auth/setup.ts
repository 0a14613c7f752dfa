import { randomBytes } from 'node:crypto';
import { hashPassword, newId, newSecret, secretDigest, secretHint } from '@cs/domain';
import { enableOAuthApps, REGISTRABLE_SCOPES, registerClient } from '@cs/oauth';
import { ApiKeyEntity, createDataSource, MembershipEntity, runMigrations, TenantEntity, UserEntity, WorkspaceEntity } from '@cs/persistence';
import { Client } from 'pg';
import { databaseUrl } from '../rest-read/dataset';
import type { OAuthClientCredentials } from './oauth-flow';

export const AUTH_BENCH_DATABASE = 'cs_bench_auth';

/** Never contacted: the flow reads the code from the Location header of the redirect to it. */
export const BENCH_REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface AuthFixtures {
  database: string;
  url: string;
  workspaceId: string;
  user: { id: string; email: string; password: string };
  /** The admin's API key (`sk_…`), made as the product makes them. */
  apiKey: string;
  client: OAuthClientCredentials;
  setupSeconds: number;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * A fresh database for every run (dropped and created: oidc_models and sign-in rows of a previous run would
 * only make it differ), migrated with @cs/persistence, with one tenant and workspace with OAuth apps enabled,
 * its admin (a password, so the flow can sign in), an API key of that admin, and an OAuth client registered
 * with registerClient, as developer settings does.
 */
export async function prepareAuthDatabase(serverUrl: string, database = AUTH_BENCH_DATABASE): Promise<AuthFixtures> {
  const started = Date.now();
  const url = databaseUrl(serverUrl, database);
  const maintenance = new Client({ connectionString: databaseUrl(serverUrl, 'postgres'), application_name: 'bench' });
  await maintenance.connect();
  try {
    await maintenance.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    await maintenance.query(`CREATE DATABASE ${quoteIdent(database)}`);
  } finally {
    await maintenance.end();
  }

  const ds = createDataSource({ url, poolSize: 2, applicationName: 'bench' });
  await ds.initialize();
  try {
    await runMigrations(ds);
    const now = new Date();
    const password = randomBytes(18).toString('base64url');
    const email = `bench-admin-${randomBytes(4).toString('hex')}@bench.example`;
    const passwordHash = await hashPassword(password);
    const ids = await ds.transaction(async (tx) => {
      const tenantId = newId('tenant', now);
      const workspaceId = newId('workspace', now);
      const userId = newId('user', now);
      await tx.insert(TenantEntity, { id: tenantId, name: 'Bench tenant', createdAt: now });
      await tx.insert(WorkspaceEntity, { id: workspaceId, tenantId, name: 'Bench workspace', oauthAppsEnabled: false, createdAt: now });
      await tx.insert(UserEntity, { id: userId, email, name: 'Bench admin', passwordHash, createdAt: now });
      await tx.insert(MembershipEntity, { workspaceId, userId, role: 'admin', createdAt: now });
      return { workspaceId, userId };
    });
    const apiKey = newSecret('apiKey');
    await ds.getRepository(ApiKeyEntity).insert({
      id: newId('apiKey', now),
      workspaceId: ids.workspaceId,
      userId: ids.userId,
      name: 'Bench key',
      secretDigest: secretDigest(apiKey),
      hint: secretHint(apiKey),
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    await enableOAuthApps(ds, ids.workspaceId);
    const { clientId, clientSecret } = await registerClient(
      ds,
      { workspaceId: ids.workspaceId, userId: ids.userId },
      { name: 'Bench client', logoUri: null, redirectUris: [BENCH_REDIRECT_URI], scopes: [...REGISTRABLE_SCOPES] },
    );
    return {
      database,
      url,
      workspaceId: ids.workspaceId,
      user: { id: ids.userId, email, password },
      apiKey,
      client: { clientId, clientSecret, redirectUri: BENCH_REDIRECT_URI },
      setupSeconds: (Date.now() - started) / 1000,
    };
  } finally {
    await ds.destroy();
  }
}
