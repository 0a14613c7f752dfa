import type { DynamicModule } from '@nestjs/common';
import { databaseSessionLimits } from '@cs/config';
import { InfrastructureModule, type InfrastructureOptions } from './infrastructure.module';
import { loggerModule } from './logger.module';

/** The part of an HTTP app's configuration its infrastructure is built from (each app's schema has these fields). */
export interface AppInfrastructureConfig {
  LOG_LEVEL: string;
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_LOCK_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  REDIS_URL: string;
}

/** The logger, Postgres and Redis of an HTTP app, from its configuration. */
export function appInfrastructure(
  applicationName: string,
  config: AppInfrastructureConfig,
  options: Pick<InfrastructureOptions, 'redisOptions' | 'revocationList'> = {},
): DynamicModule[] {
  return [
    loggerModule(config.LOG_LEVEL),
    InfrastructureModule.forRoot({
      applicationName,
      databaseUrl: config.DATABASE_URL,
      databasePoolSize: config.DATABASE_POOL_SIZE,
      ...databaseSessionLimits(config),
      redisUrl: config.REDIS_URL,
      ...options,
    }),
  ];
}

/**
 * A resource server's (api, mcp): its Redis answers or fails at once rather than queueing commands while it is away
 * (a request must not wait on a rate-limit check), and it holds the OAuth revocation list.
 */
export const resourceServerInfrastructure = (applicationName: string, config: AppInfrastructureConfig): DynamicModule[] =>
  appInfrastructure(applicationName, config, {
    redisOptions: { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: false, commandTimeout: 1_000 },
    revocationList: true,
  });
