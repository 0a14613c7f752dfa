const preset = require('../../jest.preset.js');

// franc-min (and its dependencies) and unpdf's PDF.js bundle are ES modules. Node 24 require()s them from
// our CommonJS build, but Jest's module system does not, so Jest transpiles exactly these packages to CommonJS.
const esmPackages = ['franc-min', 'trigram-utils', 'n-gram', 'collapse-white-space', 'unpdf'];
const [[tsPattern, tsTransform]] = Object.entries(preset.transform);

module.exports = {
  ...preset,
  displayName: 'processing',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
  transform: { [tsPattern]: tsTransform, '^.+\\.m?js$': tsTransform },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
};
