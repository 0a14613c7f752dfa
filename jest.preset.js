// Shared Jest settings: SWC transpiles TypeScript (type-checking is the `typecheck` step's job),
// keeping decorator metadata so NestJS dependency injection works under test.
const path = require('node:path');

const libs = ['domain', 'config', 'persistence', 'catalog', 'token-verification', 'api-client', 'testing', 'oauth', 'processing'];

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
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
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: Object.fromEntries(
    libs.map((lib) => [`^@cs/${lib}$`, path.join(__dirname, 'libs', lib, 'src', 'index.ts')]),
  ),
};
