// The reduced scaling proof: two replicas each of the built api, processor and webhook-worker started as processes
// against a database of its own, one of each restarted under load.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'stack-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 150_000,
};
