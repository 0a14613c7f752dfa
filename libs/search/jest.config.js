module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'search',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
