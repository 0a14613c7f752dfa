import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createDataSource } from '@cs/persistence';
import { RevocationList } from '@cs/token-verification';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

export const DATA_SOURCE = Symbol('DATA_SOURCE');
export const REDIS = Symbol('REDIS');
export const REVOCATION_LIST = Symbol('REVOCATION_LIST');

/** Connections to Postgres and Redis, opened at boot and closed on shutdown. */
@Global()
@Module({
  providers: [
    {
      provide: DATA_SOURCE,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) =>
        createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: 'api' }).initialize(),
    },
    {
      provide: REDIS,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: false }),
    },
    {
      // Loaded before the app listens, so the first request already sees every revocation.
      provide: REVOCATION_LIST,
      inject: [API_CONFIG, DATA_SOURCE],
      useFactory: async (config: ApiConfig, dataSource: DataSource) => {
        const list = new RevocationList({ db: dataSource, redisUrl: config.REDIS_URL });
        await list.start();
        return list;
      },
    },
  ],
  exports: [DATA_SOURCE, REDIS, REVOCATION_LIST],
})
export class InfrastructureModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REVOCATION_LIST) private readonly revocations: RevocationList,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    // The revocation list reads Postgres, so it stops before the pool closes.
    await this.revocations.stop();
    this.redis.disconnect();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
