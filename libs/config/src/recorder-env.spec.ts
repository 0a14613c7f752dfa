import { nodeEnv, recallBaseUrl, recallEnv, recorderEnvProblem, recorderProvider } from './env-schema';
import { ConfigError, parseEnv } from './parse-env';

describe('the recorder configuration (docs/recall.md, docs/operations.md)', () => {
  const shape = { NODE_ENV: nodeEnv, RECORDER_PROVIDER: recorderProvider, ...recallEnv };
  const processor = (env: Record<string, string>) => parseEnv(shape, env, (c) => recorderEnvProblem(c, { apiKey: true, webhookSecret: false }));
  const api = (env: Record<string, string>) => parseEnv(shape, env, (c) => recorderEnvProblem(c, { apiKey: false, webhookSecret: true }));

  it('needs, with recall, the API key and a region or base URL in the processor, the webhook secret in the api', () => {
    expect(() => processor({ RECORDER_PROVIDER: 'recall', RECALL_REGION: 'eu-central-1' })).toThrow(
      new ConfigError('Invalid configuration: RECALL_API_KEY: required when RECORDER_PROVIDER=recall'),
    );
    expect(() => processor({ RECORDER_PROVIDER: 'recall', RECALL_API_KEY: 'k' })).toThrow(/^Invalid configuration: RECALL_REGION: required when RECORDER_PROVIDER=recall \(or set RECALL_BASE_URL\)$/);
    expect(() => api({ RECORDER_PROVIDER: 'recall' })).toThrow(/^Invalid configuration: RECALL_WEBHOOK_SECRET: required when RECORDER_PROVIDER=recall$/);
    expect(processor({ RECORDER_PROVIDER: 'recall', RECALL_API_KEY: 'k', RECALL_REGION: 'eu-central-1' })).toMatchObject({ RECALL_REGION: 'eu-central-1' });
    expect(api({ RECORDER_PROVIDER: 'recall', RECALL_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })).toMatchObject({ RECORDER_PROVIDER: 'recall' });
  });

  it('refuses an unknown region or provider, naming the variable', () => {
    expect(() => processor({ RECORDER_PROVIDER: 'recall', RECALL_API_KEY: 'k', RECALL_REGION: 'mars-1' })).toThrow(/^Invalid configuration: RECALL_REGION: /);
    expect(() => processor({ RECORDER_PROVIDER: 'zoom' })).toThrow(/^Invalid configuration: RECORDER_PROVIDER: /);
  });

  it('takes the base URL of the region, or RECALL_BASE_URL when set', () => {
    expect(recallBaseUrl({ RECALL_REGION: 'us-west-2' })).toBe('https://us-west-2.recall.ai');
    expect(recallBaseUrl({ RECALL_REGION: 'us-west-2', RECALL_BASE_URL: 'http://127.0.0.1:9999' })).toBe('http://127.0.0.1:9999');
  });

  it('refuses the development recorder in production unless explicitly allowed', () => {
    expect(() => processor({ NODE_ENV: 'production' })).toThrow(/^Invalid configuration: RECORDER_PROVIDER: the development recorder records nothing real and is refused in production/);
    expect(processor({ NODE_ENV: 'production', ALLOW_DEVELOPMENT_RECORDER: 'true' })).toMatchObject({ RECORDER_PROVIDER: 'development', ALLOW_DEVELOPMENT_RECORDER: true });
    expect(processor({ NODE_ENV: 'test' })).toMatchObject({ RECORDER_PROVIDER: 'development' });
    expect(() => processor({ NODE_ENV: 'production', ALLOW_DEVELOPMENT_RECORDER: 'yes' })).toThrow(/^Invalid configuration: ALLOW_DEVELOPMENT_RECORDER: /);
  });
});
