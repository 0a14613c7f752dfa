export * from './api-key.resolver';
export * from './principal-resolver';
export * from './bearer.strategy';
export * from './auth.decorators';
export * from './bearer-auth.guard';
