import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createDataSource } from '@cs/persistence';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';

export const DATA_SOURCE = Symbol('DATA_SOURCE');
export const REDIS = Symbol('REDIS');

/** Connections to Postgres and Redis, opened at boot and closed on shutdown. */
@Global()
@Module({
  providers: [
    {
      provide: DATA_SOURCE,
      inject: [AUTH_CONFIG],
      useFactory: (config: AuthConfig) =>
        createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: 'auth' }).initialize(),
    },
    {
      provide: REDIS,
      inject: [AUTH_CONFIG],
      useFactory: (config: AuthConfig) => new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }),
    },
  ],
  exports: [DATA_SOURCE, REDIS],
})
export class InfrastructureModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
