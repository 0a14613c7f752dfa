const preset = require('../../jest.preset.js');
// oidc-provider 9 and its own jose 6 are ESM-only too (jest.esm-only.js).
const esmOnly = require('../../jest.esm-only.js')(['oidc-provider']);

module.exports = {
  ...preset,
  displayName: 'auth',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  transform: { ...preset.transform, ...esmOnly.transform },
  transformIgnorePatterns: esmOnly.transformIgnorePatterns,
};
