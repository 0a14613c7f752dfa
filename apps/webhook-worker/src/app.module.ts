import { databaseSessionLimits } from '@cs/config';
import { type DynamicModule, Module } from '@nestjs/common';
import { InfrastructureModule, loggerModule } from '@cs/nest-infrastructure';
import { WEBHOOK_WORKER_CONFIG, type WebhookWorkerConfig } from './config/webhook-worker-config';
import { WebhookWorkerLifecycle } from './webhook-worker.lifecycle';

@Module({})
export class AppModule {
  static register(config: WebhookWorkerConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule(config.LOG_LEVEL),
        InfrastructureModule.forRoot({
          applicationName: 'webhook-worker',
          databaseUrl: config.DATABASE_URL,
          databasePoolSize: config.DATABASE_POOL_SIZE,
          ...databaseSessionLimits(config),
          redisUrl: config.REDIS_URL,
        }),
      ],
      providers: [{ provide: WEBHOOK_WORKER_CONFIG, useValue: config }, WebhookWorkerLifecycle],
    };
  }
}
