import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { serveHealth } from './health.server';
import { Metrics } from './metrics/metrics';
import { ReadinessCheck } from './readiness.check';

/**
 * Starts a worker (docs/contributing.md "Workers"): configuration parsed first (a bad value stops the process with its one
 * line), a Nest application context without HTTP, and the small health and metrics server on its port.
 */
export async function bootstrapWorker<C extends object>(loadConfig: () => C, module: (config: C) => DynamicModule, healthPort: (config: C) => number): Promise<void> {
  let config: C;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(module(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  const health = await serveHealth(app.get(ReadinessCheck), healthPort(config), undefined, app.get(Metrics));
  // Close the probe port before the worker stops, so Kubernetes stops routing probes to a departing pod first.
  process.once('SIGTERM', () => health.close());
  await app.init();
}
