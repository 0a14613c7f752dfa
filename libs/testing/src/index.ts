export * from './test-database';
export * from './fixtures';
export * from './processes';
