import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { serveHealth } from './health.server';
import { onShutdownSignal } from './shutdown/shutdown-signal';
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
  const logger = app.get(Logger);
  app.useLogger(logger);
  const health = await serveHealth(app.get(ReadinessCheck), healthPort(config), undefined, app.get(Metrics));
  // Nest's enableShutdownHooks, plus what it leaves out: the probe port closes first, so Kubernetes stops routing
  // probes to a departing pod, and the shutdown's last line is logged before the process ends.
  onShutdownSignal(async (signal) => {
    health.close();
    try {
      await app.close();
      logger.log(`${signal}: stopped`, 'Shutdown');
    } catch (error) {
      logger.error({ err: error }, `${signal}: the shutdown failed`, 'Shutdown');
    }
  });
  await app.init();
}
