import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { metricsPort, shutdownDrainMs } from '@cs/config';
import { inFlightLimit, listenWithGracefulShutdown, Metrics } from '@cs/nest-infrastructure';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadMcpConfig } from './config/mcp-config';

// Browser-based MCP clients (the Inspector's UI) call from another origin. Credentials travel in the
// Authorization header, never in cookies, so any origin may read the answers, refusals included; which pages may
// use /mcp at all is OriginGuard's decision (MCP_ALLOWED_ORIGINS), not CORS's.
const CORS_EXPOSED_HEADERS = ['WWW-Authenticate', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'X-Request-Id', 'Retry-After'];

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadMcpConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), { bufferLogs: true });
  // First of all: refusing a request beyond capacity must cost next to nothing.
  app.use(
    inFlightLimit({
      max: config.MAX_IN_FLIGHT_REQUESTS,
      publicApiUrl: config.PUBLIC_API_URL,
      metrics: app.get(Metrics),
      headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSED_HEADERS.join(', ') },
    }),
  );
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // No ETag: hashing every body (174 KB for a two-hour transcript) costs more than it saves; no client here
  // revalidates with If-None-Match.
  app.set('etag', false);
  app.use(app.get(Metrics).httpMiddleware());
  app.useBodyParser('json', { limit: '256kb' });
  app.enableCors({
    origin: '*',
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Mcp-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Mcp-Session-Id', 'Last-Event-ID', 'X-Request-Id'],
    exposedHeaders: CORS_EXPOSED_HEADERS,
  });
  await listenWithGracefulShutdown(app, { http: config.MCP_PORT, metrics: metricsPort(config, config.MCP_PORT) }, shutdownDrainMs(config));
}

void bootstrap();
