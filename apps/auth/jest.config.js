const preset = require('../../jest.preset.js');

// oidc-provider 9 and its own jose 6 are ESM-only. Jest runs CommonJS, and its require(esm) support needs
// --experimental-vm-modules, so SWC compiles them to CommonJS like our own sources (as apps/auth-e2e does for
// openid-client); every other package in node_modules stays untransformed.
const ESM_ONLY = '/node_modules/oidc-provider/';

module.exports = {
  ...preset,
  displayName: 'auth',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  transform: {
    ...preset.transform,
    [`${ESM_ONLY}.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`^(?!.*${ESM_ONLY}).*/node_modules/`],
};
