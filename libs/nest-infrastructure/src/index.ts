export * from './infrastructure.tokens';
export * from './infrastructure.module';
export * from './readiness.check';
export * from './health.controller';
export * from './health.server';
export * from './request-id';
export * from './http-logger.module';
