import { databaseSessionLimits } from '@cs/config';
import { type DynamicModule, Module } from '@nestjs/common';
import { InfrastructureModule, loggerModule } from '@cs/nest-infrastructure';
import { summarizerFromEnv } from '@cs/processing';
import { PROCESSOR_CONFIG, type ProcessorConfig } from './config/processor-config';
import { ProcessorLifecycle, SUMMARIZER } from './processor.lifecycle';

@Module({})
export class AppModule {
  static register(config: ProcessorConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggerModule(config.LOG_LEVEL),
        InfrastructureModule.forRoot({
          applicationName: 'processor',
          databaseUrl: config.DATABASE_URL,
          databasePoolSize: config.DATABASE_POOL_SIZE,
          ...databaseSessionLimits(config),
          redisUrl: config.REDIS_URL,
        }),
      ],
      providers: [
        { provide: PROCESSOR_CONFIG, useValue: config },
        { provide: SUMMARIZER, useValue: summarizerFromEnv(config) },
        ProcessorLifecycle,
      ],
    };
  }
}
