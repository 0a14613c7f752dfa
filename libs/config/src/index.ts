export * from './env-schema';
export * from './parse-env';
