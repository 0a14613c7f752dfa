import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ApiKeyEntity } from './entities/api-key.entity';
import { OAuthClientEntity } from './entities/oauth-client.entity';
import { OAuthConnectionEntity } from './entities/oauth-connection.entity';
import { OAuthRevocationEntity } from './entities/oauth-revocation.entity';
import { OidcModelEntity } from './entities/oidc-model.entity';
import { SignInAttemptEntity } from './entities/sign-in-attempt.entity';
import { SigningKeyEntity } from './entities/signing-key.entity';
import { WebSessionEntity } from './entities/web-session.entity';
import { ConversationTagEntity } from './entities/conversation-tag.entity';
import { ConversationEntity } from './entities/conversation.entity';
import { FolderEntity } from './entities/folder.entity';
import { MembershipEntity } from './entities/membership.entity';
import { SourceEntity } from './entities/source.entity';
import { TagEntity } from './entities/tag.entity';
import { TenantEntity } from './entities/tenant.entity';
import { UserEntity } from './entities/user.entity';
import { WorkspaceEntity } from './entities/workspace.entity';
import { OutboxMessageEntity } from './entities/outbox-message.entity';
import { IdempotencyKeyEntity } from './entities/idempotency-key.entity';
import { BotEntity } from './entities/bot.entity';
import { WebhookEntity } from './entities/webhook.entity';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { WebhookAttemptEntity } from './entities/webhook-attempt.entity';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { OAuth1763900000000 } from './migrations/1763900000000-oauth';
import { Writes1764000000000 } from './migrations/1764000000000-writes';
import { Webhooks1764100000000 } from './migrations/1764100000000-webhooks';

export const ENTITIES = [
  TenantEntity,
  WorkspaceEntity,
  UserEntity,
  MembershipEntity,
  FolderEntity,
  ConversationEntity,
  SourceEntity,
  TagEntity,
  ConversationTagEntity,
  ApiKeyEntity,
  OAuthClientEntity,
  OidcModelEntity,
  OAuthConnectionEntity,
  OAuthRevocationEntity,
  SigningKeyEntity,
  SignInAttemptEntity,
  WebSessionEntity,
  OutboxMessageEntity,
  IdempotencyKeyEntity,
  BotEntity,
  WebhookEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
];

/** In order; the migrations are the only schema source (`synchronize` is never on). */
export const MIGRATIONS = [InitialSchema1763800000000, OAuth1763900000000, Writes1764000000000, Webhooks1764100000000];

export interface DataSourceOptions {
  url: string;
  /** Pool size per process; keep it small, there are many processes. */
  poolSize?: number;
  applicationName?: string;
  /**
   * Server-side limit of one statement (Postgres `statement_timeout`); none when absent (migrations and bulk
   * loads may run long). The apps set it, so a blocked or runaway query fails rather than holds a request.
   */
  statementTimeoutMs?: number;
}

/** Longest wait for a pooled connection (or a new one) before the query fails: a stuck database never hangs a caller. */
export const CONNECTION_TIMEOUT_MS = 10_000;

export function createDataSource(options: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'conversation-service',
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
    },
  });
}

// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 7_261_001;

/**
 * Applies pending migrations, each in its own transaction. A session advisory lock, held on a connection
 * of its own (so the pool needs at least two), makes concurrent runs (a Kubernetes Job and a developer, two replicas) wait for each other.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
  }
}
