import { Logger } from '@nestjs/common';
import { createTestDatabase, MetadataDocumentServer, NetworkInTransactionGuard, type TestDatabase } from '@cs/testing';
import { Redis } from 'ioredis';
import { loadAuthConfig } from '../config/auth-config';
import { ProviderHolder } from './provider-holder';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/**
 * Issue 33, "no transaction open across a network call": resolving a client by its Client ID Metadata Document
 * fetches the document from the assistant's host, which may be slow. The fetch must start with no transaction of
 * the auth app's data source open, or a slow host would hold a pooled connection and its locks for as long.
 */
describe('Client ID Metadata Document fetches', () => {
  let db: TestDatabase;
  let redis: Redis;
  let holder: ProviderHolder;
  let documents: MetadataDocumentServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new Redis(REDIS_URL);
    documents = await MetadataDocumentServer.start();
    const config = loadAuthConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://unused', REDIS_URL, CLIENT_METADATA_ALLOW_PRIVATE_TARGETS: 'true' });
    holder = new ProviderHolder(db.dataSource, config, { redis, logger: new Logger('cimd-test'), onGrantRevoked: async () => undefined, renderError: () => '' });
    await holder.start();
  });

  afterAll(async () => {
    holder?.stop();
    redis?.disconnect();
    await documents?.close();
    await db?.drop();
  });

  it('starts no fetch inside a transaction while resolving a client by its document', async () => {
    const url = documents.serveClient('/assistant.json', { client_name: 'Acme', redirect_uris: ['http://127.0.0.1:9/cb'] });
    const guard = new NetworkInTransactionGuard([db.dataSource]).start();
    try {
      // Whether the document is trusted (this process does not trust the test CA) does not matter here: the guard
      // looks at the moment the request starts.
      await holder.current.Client.find(url).catch(() => undefined);
      expect(guard.observed).toBeGreaterThan(0);
      guard.assertNone();
    } finally {
      guard.stop();
    }
  });
});
