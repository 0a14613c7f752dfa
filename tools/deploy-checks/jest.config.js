module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'deploy-checks',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  // The bundle checks run `npm ci --omit=dev` per app and start it against Postgres and Redis.
  testTimeout: 180_000,
};
