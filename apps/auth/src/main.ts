import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { metricsPort, shutdownDrainMs } from '@cs/config';
import { listenWithGracefulShutdown, Metrics } from '@cs/nest-infrastructure';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadAuthConfig } from './config/auth-config';
import { isProviderPath, OAUTH_ROUTES, PROVIDER_ROUTE_TEMPLATES } from './oidc/oauth-routes';
import { PROVIDER_HOLDER, type ProviderHolder } from './oidc/provider-holder';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadAuthConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  // oidc-provider reads its own request bodies, so Nest's body parser is off and ours runs on our pages only.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  if (config.TRUST_PROXY) app.set('trust proxy', true);
  const holder = app.get<ProviderHolder>(PROVIDER_HOLDER);
  // oidc-provider answers its own routes outside Nest's router: they are named by their templates.
  app.use(app.get(Metrics).httpMiddleware(PROVIDER_ROUTE_TEMPLATES));
  const forms = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 100 });
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (isProviderPath(req.path) && req.path !== OAUTH_ROUTES.jwks) return holder.callback(req, res);
    if (req.method === 'POST') return forms(req, res, next);
    next();
  });
  await listenWithGracefulShutdown(app, { http: config.AUTH_PORT, metrics: metricsPort(config, config.AUTH_PORT) }, shutdownDrainMs(config));
}

void bootstrap();
