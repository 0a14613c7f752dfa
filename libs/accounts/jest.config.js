module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'accounts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
