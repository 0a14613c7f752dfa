// Each test file creates its own database and starts the built auth and api apps (the `main` of their package.json)
// as child processes, so both must be built first (`nx run auth-e2e:e2e` does it through the implicit dependencies;
// by hand: node_modules/.bin/tsc -b apps/auth/tsconfig.build.json apps/api/tsconfig.build.json). The browser is
// Debian's Chromium at /usr/bin/chromium (tools/stack/ensure-chromium.mjs installs it).
const preset = require('../../jest.preset.js');
// openid-client 6 and its dependencies are ESM-only too (jest.esm-only.js); jose 5 at the root, which our libs use,
// ships CommonJS.
const esmOnly = require('../../jest.esm-only.js')(['openid-client', 'oauth4webapi']);

module.exports = {
  ...preset,
  displayName: 'auth-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 120_000,
  transform: { ...preset.transform, ...esmOnly.transform },
  transformIgnorePatterns: esmOnly.transformIgnorePatterns,
};
