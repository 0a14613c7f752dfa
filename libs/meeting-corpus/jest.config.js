module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'meeting-corpus',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
