import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CursorCodec } from '@cs/paging';
import { AccessTokenVerifier, ApiKeyResolver, BearerAuthGuard, BearerStrategy, PrincipalResolver, type RevocationList } from '@cs/token-verification';
import {
  DATA_SOURCE,
  HealthController,
  readModelProviders,
  resourceServerInfrastructure,
  RateLimitGuard,
  rateLimitProviders,
  REVOCATION_LIST,
} from '@cs/nest-infrastructure';
import { readQueryable } from '@cs/persistence';
import type { DataSource } from 'typeorm';
import { API_CONFIG, type ApiConfig } from './config/api-config';
import { ConversationsController } from './conversations/conversations.controller';
import { EventsController } from './events/events.controller';
import { ExportController } from './export/export.controller';
import { ExportSlots } from './export/export-slots.guard';
import { FeedSequencerLifecycle } from './events/feed-sequencer.lifecycle';
import { FoldersController } from './folders/folders.controller';
import { ProblemFilter } from './http/problem.filter';
import { ProblemTypesController } from './http/problem-types.controller';
import { MeController } from './me/me.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { openApiDocumentProvider } from './openapi/openapi.provider';
import { ApiReference } from './docs/api-reference';
import { DocsController } from './docs/docs.controller';
import { TagsController } from './tags/tags.controller';
import { ConversationWritesController } from './conversations/conversation-writes.controller';
import { SourcesController } from './conversations/sources.controller';
import { FolderWritesController } from './folders/folder-writes.controller';
import { TagWritesController } from './tags/tag-writes.controller';
import { Writes } from '@cs/writes';
import { RecallWebhookReceiver } from '@cs/recorder';
import { BotsController } from './bots/bots.controller';
import { RecallEventsController } from './bots/recall-events.controller';
import { RecorderEventsController } from './bots/recorder-events.controller';
import { WebhookRestApi, WebhookSubscriptions } from '@cs/webhook-subscriptions';
import { WebhooksController } from './webhooks/webhooks.controller';
import { SearchController } from './search/search.controller';

@Module({})
export class AppModule {
  static register(config: ApiConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        PassportModule,
        ...resourceServerInfrastructure('api', config),
      ],
      controllers: [
        ConversationsController,
        ExportController,
        SearchController,
        ConversationWritesController,
        SourcesController,
        TagsController,
        TagWritesController,
        FoldersController,
        FolderWritesController,
        BotsController,
        RecorderEventsController,
        RecallEventsController,
        WebhooksController,
        EventsController,
        MeController,
        OpenApiController,
        DocsController,
        ProblemTypesController,
        HealthController,
            ],
      providers: [
        { provide: API_CONFIG, useValue: config },
        { provide: ExportSlots, useValue: new ExportSlots(config.EXPORT_MAX_CONCURRENT) },
        openApiDocumentProvider,
        FeedSequencerLifecycle,
        ApiReference,
        ...readModelProviders(config),
        {
          provide: WebhookSubscriptions,
          inject: [DATA_SOURCE],
          useFactory: (ds: DataSource) =>
            new WebhookSubscriptions(ds, { secretKey: config.WEBHOOK_SECRET_KEY, requireHttps: config.NODE_ENV === 'production' }),
        },
        {
          provide: WebhookRestApi,
          inject: [WebhookSubscriptions],
          useFactory: (subscriptions: WebhookSubscriptions) => new WebhookRestApi(subscriptions, new CursorCodec(config.CURSOR_SECRET)),
        },
        { provide: Writes, inject: [DATA_SOURCE], useFactory: (ds: DataSource) => new Writes(ds, { recorderProvider: config.RECORDER_PROVIDER }) },
        // Without RECALL_WEBHOOK_SECRET (another recorder) no Recall webhook verifies: each is a 401.
        { provide: RecallWebhookReceiver, inject: [DATA_SOURCE], useFactory: (ds: DataSource) => new RecallWebhookReceiver(ds, config.RECALL_WEBHOOK_SECRET ?? null) },
        // A provider, so Nest waits for its last-used writes at shutdown (ApiKeyResolver.beforeApplicationShutdown).
        { provide: ApiKeyResolver, inject: [DATA_SOURCE], useFactory: (ds: DataSource) => new ApiKeyResolver(readQueryable(ds)) },
        {
          provide: PrincipalResolver,
          inject: [ApiKeyResolver, REVOCATION_LIST],
          useFactory: (apiKeys: ApiKeyResolver, revocations: RevocationList) =>
            new PrincipalResolver(
              apiKeys,
              new AccessTokenVerifier({
                issuer: config.PUBLIC_AUTH_URL,
                audience: config.OAUTH_AUDIENCE,
                jwksUrl: config.AUTH_JWKS_URL,
                revocations,
              }),
            ),
        },
        BearerStrategy,
        { provide: APP_GUARD, useClass: BearerAuthGuard },
        // After authentication: limits count per credential.
        ...rateLimitProviders({
          reads: { name: 'reads', quota: config.RATE_LIMIT_READS_PER_MINUTE, windowSeconds: 60 },
          writes: { name: 'writes', quota: config.RATE_LIMIT_WRITES_PER_MINUTE, windowSeconds: 60 },
          exports: { name: 'exports', quota: config.RATE_LIMIT_EXPORTS_PER_MINUTE, windowSeconds: 60 },
        }),
        { provide: APP_GUARD, useExisting: RateLimitGuard },
        { provide: APP_FILTER, useClass: ProblemFilter },
      ],
      exports: [API_CONFIG],
    };
  }
}
