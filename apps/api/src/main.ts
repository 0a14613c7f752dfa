import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { metricsPort, shutdownDrainMs } from '@cs/config';
import { JSON_BODY_MAX_BYTES } from '@cs/domain';
import { inFlightLimit, listenWithGracefulShutdown, Metrics } from '@cs/nest-infrastructure';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { raw } from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { SIGNED_RECEIVERS } from './bots/signed-receivers';
import { JsonStringReplyAdapter } from './http/json-string-reply.adapter';
import { loadApiConfig } from './config/api-config';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadApiConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), new JsonStringReplyAdapter(), {
    bufferLogs: true, bodyParser: false,
  });
  // First of all: refusing a request beyond capacity must cost next to nothing.
  app.use(inFlightLimit({ max: config.MAX_IN_FLIGHT_REQUESTS, publicApiUrl: config.PUBLIC_API_URL, metrics: app.get(Metrics) }));
  app.use(app.get(Metrics).httpMiddleware());
  // Signed receivers get their bodies as bytes, bounded, for the signature check before any parsing; the JSON
  // parser then skips them (a body is read once).
  for (const route of Object.values(SIGNED_RECEIVERS)) app.use(route.path, raw({ type: () => true, limit: route.maxBytes }));
  // Documented limit of JSON bodies (a two-hour transcript is about 0.5 MB); uploads have their own.
  app.useBodyParser('json', { limit: JSON_BODY_MAX_BYTES });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // No ETag: hashing every body (174 KB for a two-hour transcript) costs more than it saves; no client here
  // revalidates with If-None-Match.
  app.set('etag', false);
  // Repeated keys become arrays (tag_id=a&tag_id=b); bracket syntax is not interpreted.
  app.set('query parser', 'simple');
  await listenWithGracefulShutdown(app, { http: config.API_PORT, metrics: metricsPort(config, config.API_PORT) }, shutdownDrainMs(config));
}

void bootstrap();
