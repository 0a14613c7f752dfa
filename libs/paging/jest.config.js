module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'paging',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
