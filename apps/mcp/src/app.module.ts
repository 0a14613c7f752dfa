import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Catalog, SearchBudget } from '@cs/catalog';
import { databaseSessionLimits, searchLimits } from '@cs/config';
import { Search } from '@cs/search';
import { CursorCodec } from '@cs/paging';
import {
  DATA_SOURCE,
  HealthController,
  loggerModule,
  InfrastructureModule,
  rateLimitProviders,
  REVOCATION_LIST,
} from '@cs/nest-infrastructure';
import { AccessTokenVerifier, type RevocationList } from '@cs/token-verification';
import { postgresPool, readQueryable } from '@cs/persistence';
import type { DataSource } from 'typeorm';
import { McpAuthGuard } from './auth/mcp-auth.guard';
import { ProtectedResourceController } from './auth/protected-resource.controller';
import { MCP_CONFIG, type McpConfig } from './config/mcp-config';
import { McpProblemFilter } from './http/mcp-problem.filter';
import { OriginGuard } from './http/origin.guard';
import { McpController } from './mcp/mcp.controller';
import { McpEndpoint } from './mcp/mcp-endpoint';

@Module({})
export class AppModule {
  static register(config: McpConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        loggerModule(config.LOG_LEVEL),
        InfrastructureModule.forRoot({
          applicationName: 'mcp',
          databaseUrl: config.DATABASE_URL,
          databasePoolSize: config.DATABASE_POOL_SIZE,
          ...databaseSessionLimits(config),
          redisUrl: config.REDIS_URL,
          redisOptions: { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: false, commandTimeout: 1_000 },
          revocationList: true,
        }),
      ],
      controllers: [McpController, ProtectedResourceController, HealthController],
      providers: [
        { provide: MCP_CONFIG, useValue: config },
        // The same read model as the REST API (docs/architecture.md "Libs"), so REST and MCP can never disagree.
        // One budget for the full-text reads of Search and of the list with `q` (docs/search.md "Limits").
        { provide: SearchBudget, inject: [DATA_SOURCE], useFactory: (ds: DataSource) => SearchBudget.onPool(postgresPool(ds), searchLimits(config)) },
        {
          provide: Catalog,
          inject: [DATA_SOURCE, SearchBudget],
          useFactory: (ds: DataSource, budget: SearchBudget) => new Catalog(readQueryable(ds), new CursorCodec(config.CURSOR_SECRET), budget),
        },
        { provide: Search, inject: [SearchBudget], useFactory: (budget: SearchBudget) => new Search(budget, new CursorCodec(config.CURSOR_SECRET)) },
        {
          provide: AccessTokenVerifier,
          inject: [REVOCATION_LIST],
          useFactory: (revocations: RevocationList) =>
            new AccessTokenVerifier({ issuer: config.PUBLIC_AUTH_URL, audience: config.OAUTH_AUDIENCE, jwksUrl: config.AUTH_JWKS_URL, revocations }),
        },
        McpEndpoint,
        OriginGuard,
        McpAuthGuard,
        // Counted apart from the REST API's quota of the same credential.
        ...rateLimitProviders({ reads: { name: 'reads', quota: config.RATE_LIMIT_READS_PER_MINUTE, windowSeconds: 60 } }, 'cs:ratelimit:mcp'),
        { provide: APP_FILTER, useClass: McpProblemFilter },
      ],
      exports: [MCP_CONFIG],
    };
  }
}
