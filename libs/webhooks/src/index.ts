export * from './webhook-secret';
export * from './subscriptions';
export * from './delivery';
