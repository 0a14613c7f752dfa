// Each test file creates its own database and starts the built mcp, auth and api apps (the `main` of their
// package.json) as child processes, so all three must be built first (`nx run mcp-e2e:e2e` does it through the
// implicit dependencies; by hand: node_modules/.bin/tsc -b apps/mcp/tsconfig.build.json apps/auth/tsconfig.build.json
// apps/api/tsconfig.build.json).
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'mcp-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 120_000,
};
