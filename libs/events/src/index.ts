export * from './event-envelope';
export * from './processing-queue';
export * from './outbox';
export * from './standard-webhooks';
export * from './webhook-secret';
export * from './processing-outbox';
export * from './event-catalog.schema';
export * from './event-audience';
