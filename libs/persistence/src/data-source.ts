import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { OAuth1763900000000 } from './migrations/1763900000000-oauth';
import { Writes1764000000000 } from './migrations/1764000000000-writes';
import { Webhooks1764100000000 } from './migrations/1764100000000-webhooks';
import { Search1764200000000 } from './migrations/1764200000000-search';
import { ActionItems1764300000000 } from './migrations/1764300000000-action-items';
import { Recall1764400000000 } from './migrations/1764400000000-recall';
import { ClientSecretOverlap1764500000000 } from './migrations/1764500000000-client-secret-overlap';
import { WebhookEndpointControls1764600000000 } from './migrations/1764600000000-webhook-endpoint-controls';
import { EventFeed1764700000000 } from './migrations/1764700000000-event-feed';
import { AssistantConnections1764800000000 } from './migrations/1764800000000-assistant-connections';
import { SearchHeadings1764900000000 } from './migrations/1764900000000-search-headings';
import { SearchWordPairs1765000000000 } from './migrations/1765000000000-search-word-pairs';
import { SearchConversationTerms1765100000000 } from './migrations/1765100000000-search-conversation-terms';
import { SearchGinWithoutPendingList1765200000000 } from './migrations/1765200000000-search-gin-without-pending-list';
import { SearchHeadingWords1765300000000 } from './migrations/1765300000000-search-heading-words';
import { ConversationsListCoversFilters1765400000000 } from './migrations/1765400000000-conversations-list-covers-filters';
import { SearchPassagesCappedInCharacters1765500000000 } from './migrations/1765500000000-search-passages-capped-in-characters';
import { FeedPositions1765600000000 } from './migrations/1765600000000-feed-positions';
import { ConversationsListRebuiltConcurrently1765700000000 } from './migrations/1765700000000-conversations-list-rebuilt-concurrently';
import { SearchTermStatistics1766000000000 } from './migrations/1766000000000-search-term-statistics';
import { SearchHeadingsDropped1766200000000 } from './migrations/1766200000000-search-headings-dropped';
import { FeedPositionsTable1766300000000 } from './migrations/1766300000000-feed-positions-table';
import { FeedLeftoversDropped1766400000000 } from './migrations/1766400000000-feed-leftovers-dropped';

/** In order; the migrations are the only schema source (`synchronize` is never on). */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  OAuth1763900000000,
  Writes1764000000000,
  Webhooks1764100000000,
  Search1764200000000,
  ActionItems1764300000000,
  Recall1764400000000,
  ClientSecretOverlap1764500000000,
  WebhookEndpointControls1764600000000,
  EventFeed1764700000000,
  AssistantConnections1764800000000,
  SearchHeadings1764900000000,
  SearchWordPairs1765000000000,
  SearchConversationTerms1765100000000,
  SearchGinWithoutPendingList1765200000000,
  SearchHeadingWords1765300000000,
  ConversationsListCoversFilters1765400000000,
  SearchPassagesCappedInCharacters1765500000000,
  FeedPositions1765600000000,
  ConversationsListRebuiltConcurrently1765700000000,
  SearchTermStatistics1766000000000,
  SearchHeadingsDropped1766200000000,
  FeedPositionsTable1766300000000,
  FeedLeftoversDropped1766400000000,
];

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
  /** Postgres `lock_timeout`; none when absent (migrations set their own, migrations/online/online-index.ts). */
  lockTimeoutMs?: number | undefined;
  /** Postgres `idle_in_transaction_session_timeout`; none when absent. */
  idleInTransactionTimeoutMs?: number | undefined;
}

/** Longest wait for a pooled connection (or a new one) before the query fails: a stuck database never hangs a caller. */
export const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * The planner settings of every connection of the service (and of the benchmarks' baselines, which must plan alike).
 * - No JIT compilation: it pays off for long analytic queries, not for ours. The planner overestimates rows of
 *   set-returning functions (search indexing splits text into lines and chunks) and then spent a second compiling
 *   a statement that runs in a millisecond.
 * - random_page_cost 1.1 instead of 4, as Postgres's documentation advises when the data is mostly cached or on
 *   SSD, which is how this service runs: at 4 the planner read a 20,000-row conversations table whole rather than
 *   look up a tag's 1,300 conversations by index (`npm run bench -- search`, the tag filters).
 */
export const SESSION_OPTIONS = '-c jit=off -c random_page_cost=1.1';

export function createDataSource(options: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    // No entities: statements are plain SQL behind typed row mappers (docs/architecture.md, "Data access").
    entities: [],
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'conversation-service',
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      options: SESSION_OPTIONS,
      ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
      ...(options.lockTimeoutMs === undefined ? {} : { lock_timeout: options.lockTimeoutMs }),
      ...(options.idleInTransactionTimeoutMs === undefined ? {} : { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }),
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
