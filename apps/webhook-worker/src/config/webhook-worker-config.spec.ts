import { loadWebhookWorkerConfig } from './webhook-worker-config';

describe('webhook worker configuration', () => {
  it('applies the documented defaults', () => {
    expect(loadWebhookWorkerConfig({})).toMatchObject({
      WEBHOOK_WORKER_PORT: 3003,
      QUEUE_PREFIX: 'cs',
      WEBHOOK_TIME_SCALE: 1,
      WEBHOOK_DISABLE_AFTER_MS: 432_000_000,
      WEBHOOK_LOG_RETENTION_DAYS: 30,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      WEBHOOK_CONCURRENCY: 128,
      WEBHOOK_ENDPOINT_CONCURRENCY: 8,
    });
    expect(loadWebhookWorkerConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_TIME_SCALE: '0.001' })).toMatchObject({
      WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
      WEBHOOK_TIME_SCALE: 0.001,
    });
  });

  it('names a bad variable in one line', () => {
    expect(() => loadWebhookWorkerConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(/^Invalid configuration: WEBHOOK_ALLOW_PRIVATE_TARGETS: /);
    expect(() => loadWebhookWorkerConfig({ WEBHOOK_TIME_SCALE: '0' })).toThrow(/^Invalid configuration: WEBHOOK_TIME_SCALE: /);
  });

  it('refuses development settings in production', () => {
    const key = 'k'.repeat(40);
    expect(() => loadWebhookWorkerConfig({ NODE_ENV: 'production' })).toThrow('Invalid configuration: WEBHOOK_SECRET_KEY: must be set in production');
    expect(() => loadWebhookWorkerConfig({ NODE_ENV: 'production', WEBHOOK_SECRET_KEY: key, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
    expect(() => loadWebhookWorkerConfig({ NODE_ENV: 'production', WEBHOOK_SECRET_KEY: key, WEBHOOK_TIME_SCALE: '0.5' })).toThrow(/WEBHOOK_TIME_SCALE/);
    expect(loadWebhookWorkerConfig({ NODE_ENV: 'production', WEBHOOK_SECRET_KEY: key }).WEBHOOK_SECRET_KEY).toBe(key);
  });
});
