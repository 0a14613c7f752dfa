import 'reflect-metadata';
import { bootstrapWorker } from '@cs/nest-infrastructure';
import { AppModule } from './app.module';
import { loadProcessorConfig } from './config/processor-config';

void bootstrapWorker(loadProcessorConfig, (config) => AppModule.register(config), (config) => config.PROCESSOR_PORT);
