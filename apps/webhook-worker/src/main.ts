import 'reflect-metadata';
import { bootstrapWorker } from '@cs/nest-infrastructure';
import { AppModule } from './app.module';
import { loadWebhookWorkerConfig } from './config/webhook-worker-config';

void bootstrapWorker(loadWebhookWorkerConfig, (config) => AppModule.register(config), (config) => config.WEBHOOK_WORKER_PORT);
