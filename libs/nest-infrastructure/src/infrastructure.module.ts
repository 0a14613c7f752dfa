import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown, Optional, type Provider } from '@nestjs/common';
import { createDataSource } from '@cs/persistence';
import { RevocationList } from '@cs/token-verification';
import { Redis, type RedisOptions } from 'ioredis';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE, REDIS, REVOCATION_LIST } from './infrastructure.tokens';
import { ReadinessCheck } from './readiness.check';
import { Metrics } from './metrics/metrics';

export interface InfrastructureOptions {
  /** Shown in pg_stat_activity, so operators can tell the apps' connections apart. */
  applicationName: string;
  databaseUrl: string;
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  /** Postgres lock_timeout of the app's connections (DATABASE_LOCK_TIMEOUT_MS); none when absent. */
  databaseLockTimeoutMs?: number;
  /** Postgres idle_in_transaction_session_timeout (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS); none when absent. */
  databaseIdleInTransactionTimeoutMs?: number;
  redisUrl: string;
  /** ioredis options of the shared command connection (each app knows whether it may queue commands offline). */
  redisOptions?: RedisOptions;
  /** Resource servers hold the OAuth revocation list; it is loaded before the app listens. */
  revocationList?: boolean;
}

/** Closes what the module opened, in dependency order, when Nest shuts down (SIGTERM with enableShutdownHooks). */
@Injectable()
class InfrastructureShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() @Inject(REVOCATION_LIST) private readonly revocations: RevocationList | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    // The revocation list reads Postgres, so it stops before the pool closes.
    await this.revocations?.stop();
    this.redis.disconnect();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * Connections to Postgres and Redis (and, for resource servers, the revocation list), opened at boot and closed
 * on shutdown: the wiring every app shares, so api, auth, mcp and the workers cannot drift apart.
 */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(options: InfrastructureOptions): DynamicModule {
    const providers: Provider[] = [
      {
        provide: DATA_SOURCE,
        useFactory: () =>
          createDataSource({
            url: options.databaseUrl,
            poolSize: options.databasePoolSize,
            applicationName: options.applicationName,
            statementTimeoutMs: options.databaseStatementTimeoutMs,
            lockTimeoutMs: options.databaseLockTimeoutMs,
            idleInTransactionTimeoutMs: options.databaseIdleInTransactionTimeoutMs,
          }).initialize(),
      },
      { provide: REDIS, useFactory: () => new Redis(options.redisUrl, options.redisOptions ?? {}) },
      { provide: ReadinessCheck, inject: [DATA_SOURCE, REDIS], useFactory: (ds: DataSource, redis: Redis) => new ReadinessCheck(ds, redis) },
      { provide: Metrics, useValue: new Metrics(options.applicationName) },
      InfrastructureShutdown,
    ];
    const exported: (symbol | typeof ReadinessCheck | typeof Metrics)[] = [DATA_SOURCE, REDIS, ReadinessCheck, Metrics];
    if (options.revocationList) {
      providers.push({
        // Loaded before the app listens, so the first request already sees every revocation.
        provide: REVOCATION_LIST,
        inject: [DATA_SOURCE],
        useFactory: async (dataSource: DataSource) => {
          const list = new RevocationList({ db: dataSource, redisUrl: options.redisUrl });
          await list.start();
          return list;
        },
      });
      exported.push(REVOCATION_LIST);
    }
    return { module: InfrastructureModule, global: true, providers, exports: exported };
  }
}
