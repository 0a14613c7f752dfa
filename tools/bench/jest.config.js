module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'bench',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  // The integration suite clones a database and loads a small dataset through the real COPY path.
  testTimeout: 60_000,
};
