import { randomBytes } from 'node:crypto';
import { addMembership, createApiKey, createTenant, createUser, createWorkspace } from '@cs/accounts';
import { hashPassword } from '@cs/domain';
import { enableOAuthApps, REGISTRABLE_SCOPES, registerClient } from '@cs/oauth';
import { createDataSource, runMigrations } from '@cs/persistence';
import { recreateDatabase } from '../kit/bench-database';
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

/**
 * A fresh database for every run (dropped and created: oidc_models and sign-in rows of a previous run would
 * only make it differ), migrated with @cs/persistence, with one tenant and workspace with OAuth apps enabled,
 * its admin (a password, so the flow can sign in), an API key of that admin, and an OAuth client registered
 * with registerClient, as developer settings does.
 */
export async function prepareAuthDatabase(serverUrl: string, database = AUTH_BENCH_DATABASE): Promise<AuthFixtures> {
  const started = Date.now();
  const url = await recreateDatabase(serverUrl, database);

  const ds = createDataSource({ url, poolSize: 2, applicationName: 'bench' });
  await ds.initialize();
  try {
    await runMigrations(ds);
    const now = new Date();
    const password = randomBytes(18).toString('base64url');
    const email = `bench-admin-${randomBytes(4).toString('hex')}@bench.example`;
    const passwordHash = await hashPassword(password);
    const ids = await ds.transaction(async (tx) => {
      const tenant = await createTenant(tx, { name: 'Bench tenant', createdAt: now });
      const workspace = await createWorkspace(tx, { tenantId: tenant.id, name: 'Bench workspace', createdAt: now });
      const user = await createUser(tx, { email, name: 'Bench admin', passwordHash, createdAt: now });
      await addMembership(tx, { workspaceId: workspace.id, userId: user.id, role: 'admin', createdAt: now });
      return { workspaceId: workspace.id, userId: user.id };
    });
    const { key: apiKey } = await createApiKey(ds, { workspaceId: ids.workspaceId, userId: ids.userId }, 'Bench key', now);
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
