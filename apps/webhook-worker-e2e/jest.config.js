// Each test file starts the built api, processor and webhook-worker as child processes against a database of its own.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'webhook-worker-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 120_000,
};
