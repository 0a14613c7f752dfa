// Builds the production bundle of one Nx project (an app under apps/ or the operator CLI under tools/cli):
// only its compiled code, the compiled libs it references, and the third-party packages that it and those
// libs declare in their package.json `dependencies`, installed with `npm ci --omit=dev` from a lockfile pruned
// out of the repository's own (so every version is the one the repo was tested with).
//
// The Dockerfile runs this script after `nx run <project>:build`, and tools/deploy-checks runs the very same
// script into a temporary directory and starts the result, so the image and its check cannot drift apart.
//
//   node docker/bundle-app.mjs <project> <outDir> [--no-install]
//
// Layout of <outDir> (the image's /app):
//   package.json, package-lock.json   the pruned manifest and lockfile (dependencies pinned to the lock's versions)
//   node_modules/                     npm ci --omit=dev of the above, plus node_modules/@cs/<lib>/{package.json,dist}
//   dist/                             the project's compiled code; the entrypoint is always dist/main.js
//   bundle.json                       what went in: project, libs, dependencies (for operators and the checks)
//
// Node built-ins only: it runs in the image's build stage before anything else is built.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROJECT_DIRS = ['apps', 'tools'];

class BundleError extends Error {}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The directory of the Nx project named `name` (its project.json "name"). */
function projectRoot(name) {
  for (const parent of PROJECT_DIRS) {
    const dir = path.join(ROOT, parent);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const projectJson = path.join(dir, entry.name, 'project.json');
      if (entry.isDirectory() && fs.existsSync(projectJson) && readJson(projectJson).name === name) return path.join(dir, entry.name);
    }
  }
  throw new BundleError(`no Nx project named "${name}" under ${PROJECT_DIRS.join(', ')}`);
}

/**
 * The libs a project's build compiles against, transitively: the `references` of its tsconfig.build.json,
 * which is exactly what `tsc -b` (the build target) builds and what the compiled code can require.
 */
function referencedLibs(projectDir, seen = new Map()) {
  const tsconfig = readJson(path.join(projectDir, 'tsconfig.build.json'));
  for (const ref of tsconfig.references ?? []) {
    const libDir = path.dirname(path.resolve(projectDir, ref.path));
    if (seen.has(libDir)) continue;
    seen.set(libDir, readJson(path.join(libDir, 'package.json')));
    referencedLibs(libDir, seen);
  }
  return seen;
}

/** The lockfile entry Node would load for `name` required from the package at `fromKey` (a lockfile key). */
function resolveInLock(packages, fromKey, name) {
  let base = fromKey;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return null;
    const up = base.lastIndexOf('/node_modules/');
    base = up === -1 ? '' : base.slice(0, up);
  }
}

/**
 * The part of the repository's lockfile that a production install of `dependencies` needs: every package
 * reachable through dependencies, optional dependencies and required peer dependencies, at the same paths.
 */
function pruneLock(lock, dependencies, skipped) {
  const packages = lock.packages;
  const kept = {};
  const queue = Object.keys(dependencies).map((name) => ['', name, false]);
  while (queue.length) {
    const [from, name, optional] = queue.shift();
    const key = resolveInLock(packages, from, name);
    if (!key) {
      if (optional) {
        // The repository's lockfile has no entry for this optional dependency (npm left out platform packages
        // of other systems when it was written). npm ci refuses a lockfile whose entries declare dependencies
        // it lacks, so the edge is dropped from the pruned lockfile: the package is optional by definition
        // (a native accelerator with a JavaScript fallback), and bundle.json lists what was dropped.
        // An optional peer dependency that nobody installs is simply absent, as in any install.
        const entry = kept[from];
        if (entry?.optionalDependencies?.[name] !== undefined) {
          entry.optionalDependencies = { ...entry.optionalDependencies };
          delete entry.optionalDependencies[name];
          skipped.push(`${name} (optional dependency of ${from.replace(/^.*node_modules\//, '')})`);
        }
        continue;
      }
      throw new BundleError(`package-lock.json has no entry for ${name} (needed by ${from || 'the bundle'}): run npm install`);
    }
    if (kept[key]) continue;
    const entry = { ...packages[key] };
    if (entry.link) throw new BundleError(`${name} is a workspace package; only third-party packages belong in dependencies`);
    // Everything kept is a production package of the bundle, whatever role it plays in the repo.
    delete entry.dev;
    if (entry.devOptional) {
      delete entry.devOptional;
      entry.optional = true;
    }
    kept[key] = entry;
    for (const dep of Object.keys(entry.dependencies ?? {})) queue.push([key, dep, false]);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) queue.push([key, dep, true]);
    for (const dep of Object.keys(entry.peerDependencies ?? {})) {
      queue.push([key, dep, entry.peerDependenciesMeta?.[dep]?.optional === true]);
    }
  }
  return kept;
}

function copyTree(from, to, keep) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target, keep);
    else if (keep(entry.name)) fs.copyFileSync(source, target);
  }
}

// Compiled JavaScript, its source maps (stack traces point at the TypeScript) and JSON data; no declarations
// or build info.
const RUNTIME_FILE = (name) => /\.(js|cjs|mjs|json|js\.map)$/.test(name) && !name.endsWith('.tsbuildinfo');

function copyDist(projectDir, to) {
  const dist = path.join(projectDir, 'dist');
  if (!fs.existsSync(dist)) {
    throw new BundleError(`${path.relative(ROOT, dist)} does not exist: build first (nx run <project>:build)`);
  }
  copyTree(dist, to, RUNTIME_FILE);
}

export function bundle(project, outDir, { install = true } = {}) {
  const projectDir = projectRoot(project);
  const manifest = readJson(path.join(projectDir, 'package.json'));
  const libs = referencedLibs(projectDir);
  const lock = readJson(path.join(ROOT, 'package-lock.json'));

  // Declared dependencies of the project and its libs, each pinned to the version the lockfile installs.
  const dependencies = {};
  for (const pkg of [manifest, ...libs.values()]) {
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      if (name.startsWith('@cs/')) continue;
      const entry = lock.packages[`node_modules/${name}`];
      if (!entry) throw new BundleError(`${pkg.name} depends on ${name}, which package-lock.json does not install at the root`);
      dependencies[name] = entry.version;
    }
  }
  const sorted = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)));

  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const name = `${manifest.name}-bundle`;
  const rootPackage = { name, version: manifest.version, private: true, dependencies: sorted };
  fs.writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(rootPackage, null, 2)}\n`);
  const skippedOptional = [];
  const prunedLock = {
    name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name, version: manifest.version, dependencies: sorted }, ...pruneLock(lock, sorted, skippedOptional) },
  };
  fs.writeFileSync(path.join(outDir, 'package-lock.json'), `${JSON.stringify(prunedLock, null, 2)}\n`);

  if (install && Object.keys(sorted).length > 0) {
    // No lifecycle scripts: nothing in a production bundle may need to compile or download at install time.
    const result = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: outDir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    if (result.status !== 0) throw new BundleError(`npm ci in ${outDir} failed (${result.error?.message ?? `exit code ${result.status}`})`);
  }

  copyDist(projectDir, path.join(outDir, 'dist'));
  for (const [libDir, libPackage] of libs) {
    const target = path.join(outDir, 'node_modules', libPackage.name);
    copyDist(libDir, path.join(target, 'dist'));
    fs.writeFileSync(path.join(target, 'package.json'), `${JSON.stringify({ name: libPackage.name, version: libPackage.version, main: libPackage.main }, null, 2)}\n`);
  }
  if (!fs.existsSync(path.join(outDir, 'dist', 'main.js'))) throw new BundleError(`${project} has no dist/main.js entrypoint`);

  const summary = {
    project,
    source: path.relative(ROOT, projectDir),
    entrypoint: 'dist/main.js',
    libs: [...libs.values()].map((p) => p.name).sort(),
    dependencies: sorted,
    skippedOptional: skippedOptional.sort(),
  };
  fs.writeFileSync(path.join(outDir, 'bundle.json'), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [project, outDir, ...flags] = process.argv.slice(2);
  if (!project || !outDir) {
    process.stderr.write('usage: node docker/bundle-app.mjs <project> <outDir> [--no-install]\n');
    process.exit(2);
  }
  try {
    const summary = bundle(project, path.resolve(outDir), { install: !flags.includes('--no-install') });
    process.stderr.write(`bundled ${summary.project}: ${summary.libs.length} libs, ${Object.keys(summary.dependencies).length} dependencies -> ${outDir}\n`);
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    process.stderr.write(`bundle-app: ${error.message}\n`);
    process.exit(1);
  }
}
