module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'cli',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  // Integration suites clone a database, seed the demo or build the CLI in beforeAll; the first run on a
  // machine also migrates the template database.
  testTimeout: 60_000,
};
