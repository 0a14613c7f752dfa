// Each test file creates its own database and starts the built api (the `main` of apps/api/package.json) as a child process,
// so the api must be built first (`nx run api-e2e:e2e` does it through the implicit dependency on api; write-authorization
// also starts the built auth app, the issuer of the OAuth tokens it checks writes against).
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 60_000,
};
