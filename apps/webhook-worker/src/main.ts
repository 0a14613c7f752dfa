import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Metrics, ReadinessCheck, serveHealth } from '@cs/nest-infrastructure';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadWebhookWorkerConfig } from './config/webhook-worker-config';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadWebhookWorkerConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(AppModule.register(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  const health = await serveHealth(app.get(ReadinessCheck), config.WEBHOOK_WORKER_PORT, undefined, app.get(Metrics));
  // Close the probe port before the worker stops, so Kubernetes stops routing probes to a departing pod first.
  process.once('SIGTERM', () => health.close());
  await app.init();
}

void bootstrap();
