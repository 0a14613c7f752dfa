import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['**/dist', '**/node_modules', '.data', '.nx', 'tools/stack/**', '**/jest.config.js', 'jest.preset.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      // docs/architecture.md "Module boundaries": apps depend on libs, never on each other; libs never import apps.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            // Benchmarks start the apps as processes like the e2e suites do, with the same helpers (libs/testing).
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:testing'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:testing'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests use libs/testing, which itself builds on the libs under test; the boundary rule reads that as a
    // cycle. Test files are never shipped, so for them the rule is replaced by the one boundary that matters:
    // no test reaches into an app's internals.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'apps/*-e2e/src/**/*.ts', '**/*.test-harness.ts', '**/test-support/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': 'off',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/*/src/**', '@cs/api', '@cs/auth', '@cs/mcp'], message: 'Tests talk to apps over HTTP or through libs.' }] }],
    },
  },
  {
    files: ['libs/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', 'libs/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
];
