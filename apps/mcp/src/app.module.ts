import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import {
  HealthController,
  readModelProviders,
  resourceServerInfrastructure,
  rateLimitProviders,
  REVOCATION_LIST,
} from '@cs/nest-infrastructure';
import { AccessTokenVerifier, type RevocationList } from '@cs/token-verification';
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
        ...resourceServerInfrastructure('mcp', config),
      ],
      controllers: [McpController, ProtectedResourceController, HealthController],
      providers: [
        { provide: MCP_CONFIG, useValue: config },
        ...readModelProviders(config),
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
