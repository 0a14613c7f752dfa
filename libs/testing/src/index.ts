export * from './test-database';
export * from './fixtures';
