import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { WebSessionStore } from '@cs/accounts';
import { revokeGrant } from '@cs/oauth';
import { poolQueryable, postgresPool, type RowQueryable } from '@cs/persistence';
import type { Redis } from 'ioredis';
import { appInfrastructure, DATA_SOURCE, HealthController, REDIS } from '@cs/nest-infrastructure';
import type { DataSource } from 'typeorm';
import { AccountController } from './account/account.controller';
import { PersonalApiKeysController } from './account/personal-api-keys.controller';
import { AUTH_CONFIG, type AuthConfig } from './config/auth-config';
import { DeliveryLogCursors } from './developer/delivery-log-cursor';
import { AssistantConnectionsController } from './developer/assistant-connections.controller';
import { DeveloperController } from './developer/developer.controller';
import { WebhookPagesController } from './developer/webhook-pages.controller';
import { WebhookSubscriptions } from '@cs/webhook-subscriptions';
import { InteractionGuard } from './interactions/interaction.guard';
import { InteractionsController } from './interactions/interactions.controller';
import { JwksController } from './oidc/jwks.controller';
import { PROVIDER_HOLDER, ProviderHolder } from './oidc/provider-holder';
import { SessionController } from './session/session.controller';
import { renderError } from './views/error.view';
import { CsrfGuard } from './web/csrf.guard';
import { HtmlErrorFilter } from './web/html-error.filter';
import { RevealedSecrets } from './web/revealed-secrets';
import { SignInThrottle } from './web/sign-in.throttle';
import { SignInService } from './web/sign-in.service';
import { FormPostGuard } from './web/form-post.guard';
import { SignedInGuard } from './web/signed-in.guard';
import { SQL } from './web/sql.token';
import { WebSessions } from './web/web-sessions';
import { WorkspaceAdminGuard } from './web/workspace-admin.guard';

const PROVIDER_ERRORS: Record<string, string> = {
  invalid_redirect_uri: 'The app asked to return to an address it has not registered, so you were not sent there.',
  invalid_client: 'The app that sent you here is not known to this service.',
};

@Module({})
export class AppModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        ...appInfrastructure('auth', config, { redisOptions: { maxRetriesPerRequest: 2 } }),
      ],
      controllers: [JwksController, HealthController, InteractionsController, SessionController, AccountController, PersonalApiKeysController, DeveloperController, AssistantConnectionsController, WebhookPagesController],
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        { provide: SQL, inject: [DATA_SOURCE], useFactory: (ds: DataSource) => poolQueryable(postgresPool(ds)) },
        { provide: WebSessions, inject: [SQL], useFactory: (db: RowQueryable) => new WebSessions(new WebSessionStore(db), config.secureCookies) },
        {
          provide: WebhookSubscriptions,
          inject: [DATA_SOURCE],
          useFactory: (ds: DataSource) =>
            new WebhookSubscriptions(ds, { secretKey: config.WEBHOOK_SECRET_KEY, requireHttps: config.NODE_ENV === 'production' }),
        },
        { provide: DeliveryLogCursors, useFactory: () => new DeliveryLogCursors(config.AUTH_COOKIE_KEYS[0] as string) },
        { provide: RevealedSecrets, inject: [REDIS], useFactory: (redis: Redis) => new RevealedSecrets(redis, config.AUTH_COOKIE_KEYS) },
        { provide: SignInThrottle, inject: [REDIS], useFactory: (redis: Redis) => new SignInThrottle(redis) },
        {
          provide: SignInService,
          inject: [SQL, SignInThrottle, WebSessions],
          useFactory: (db: RowQueryable, throttle: SignInThrottle, sessions: WebSessions) => new SignInService(db, throttle, sessions),
        },
        {
          provide: PROVIDER_HOLDER,
          inject: [DATA_SOURCE, REDIS],
          useFactory: async (ds: DataSource, redis: Redis) => {
            const logger = new Logger('oidc-provider');
            const holder = new ProviderHolder(ds, config, {
              redis,
              logger,
              onGrantRevoked: (grantId) => revokeGrant(ds, redis, grantId),
              renderError: (out) =>
                renderError({ status: 400, title: 'This request cannot be completed', message: PROVIDER_ERRORS[out.error] ?? out.error_description ?? out.error }),
            });
            await holder.start();
            return holder;
          },
        },
        // The page checks, in this order (Nest runs global guards as registered): who is signed in, whether a form
        // POST carries a form, whether they administer the workspace, which OAuth interaction this is, then the
        // form's CSRF token. Each acts only on routes whose decorators ask for it (web/page.decorators.ts,
        // interactions/interaction.guard.ts).
        { provide: APP_GUARD, useClass: SignedInGuard },
        { provide: APP_GUARD, useClass: FormPostGuard },
        { provide: APP_GUARD, useClass: WorkspaceAdminGuard },
        { provide: APP_GUARD, useClass: InteractionGuard },
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_FILTER, useClass: HtmlErrorFilter },
      ],
      exports: [AUTH_CONFIG],
    };
  }
}
