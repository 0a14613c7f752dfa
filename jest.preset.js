// Shared Jest settings: SWC transpiles TypeScript (type-checking is the `typecheck` step's job),
// keeping decorator metadata so NestJS dependency injection works under test.
const fs = require('node:fs');
const path = require('node:path');

// Every lib under libs/ maps to its source, so a new lib needs no edit here.
const libs = fs.readdirSync(path.join(__dirname, 'libs')).filter((name) => fs.existsSync(path.join(__dirname, 'libs', name, 'src', 'index.ts')));

const esmOnly = require('./jest.esm-only.js')();

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc, ...esmOnly.transform },
  transformIgnorePatterns: esmOnly.transformIgnorePatterns,
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: Object.fromEntries(
    libs.map((lib) => [`^@cs/${lib}$`, path.join(__dirname, 'libs', lib, 'src', 'index.ts')]),
  ),
};
