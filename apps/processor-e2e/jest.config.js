// Each test file starts the built api and processor as child processes against a database of its own.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'processor-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 90_000,
};
