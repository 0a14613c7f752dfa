// Part of `nx run api:build`: copies the one file of @scalar/api-reference the api serves (its standalone
// browser bundle) into dist/assets. The package is a devDependency, so the api's image carries this 4 MB file
// instead of the package's ~270 dependencies (vue, an AI SDK, …), none of which the api ever loads.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// The package exports no path to the bundle; it sits beside the entry point (dist/index.js).
const source = join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
const target = join(apiDir, 'dist', 'assets', 'scalar-standalone.js');
mkdirSync(dirname(target), { recursive: true });
copyFileSync(source, target);
