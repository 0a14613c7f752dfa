#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { lintDockerfile } from './dockerfile/dockerfile.rules';
import { checkManifestRules } from './k8s/manifest.rules';
import { KUBERNETES_SCHEMA_VERSION, validateAgainstSchema } from './k8s/schema.validator';
import { renderKustomization } from './kustomize/kustomization.renderer';

/** The repository root: this file runs from tools/deploy-checks/dist/. */
const ROOT = resolve(__dirname, '..', '..', '..');

/** A path as messages show it: relative inside the repository, absolute outside. */
const shown = (path: string) => (relative(ROOT, path).startsWith('..') ? path : relative(ROOT, path));

/** Every kustomization an operator applies: the app overlays and their migration Jobs. */
export const KUSTOMIZATIONS = [
  { dir: 'k8s/overlays/dev', apps: true },
  { dir: 'k8s/overlays/prod', apps: true },
  { dir: 'k8s/overlays/dev/migrate', apps: false },
  { dir: 'k8s/overlays/prod/migrate', apps: false },
];
export const DOCKERFILES = ['docker/Dockerfile'];

async function checkKustomization(dir: string, apps: boolean): Promise<string[]> {
  let objects;
  try {
    objects = renderKustomization(dir);
  } catch (error) {
    return [`render: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  for (const object of objects) problems.push(...(await validateAgainstSchema(object)));
  problems.push(...checkManifestRules(objects, { expectApps: apps }));
  process.stdout.write(`${shown(dir)}: ${objects.length} objects rendered, ${problems.length} problems\n`);
  return problems;
}

/**
 * `deploy-checks k8s [dir ...]`: renders each kustomization, validates every object against the Kubernetes
 * schemas and the semantic rules. `deploy-checks dockerfiles [file ...]`: the static Dockerfile rules.
 * `deploy-checks all`: both on the repository's own. Exit code 1 on any problem, each printed on one line.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...targets] = argv;
  const problems: string[] = [];
  if (command === 'k8s' || command === 'all') {
    const dirs = command === 'k8s' && targets.length > 0 ? targets.map((t) => ({ dir: resolve(t), apps: !t.replace(/\/$/, '').endsWith('migrate') })) : KUSTOMIZATIONS.map((k) => ({ ...k, dir: join(ROOT, k.dir) }));
    process.stdout.write(`Kubernetes schemas: ${KUBERNETES_SCHEMA_VERSION} (kubernetes-models)\n`);
    for (const { dir, apps } of dirs) problems.push(...(await checkKustomization(dir, apps)).map((p) => `${shown(dir)}: ${p}`));
  }
  if (command === 'dockerfiles' || command === 'all') {
    const files = command === 'dockerfiles' && targets.length > 0 ? targets.map((t) => resolve(t)) : DOCKERFILES.map((f) => join(ROOT, f));
    for (const file of files) {
      if (!existsSync(file)) {
        problems.push(`${file}: does not exist`);
        continue;
      }
      const found = lintDockerfile(readFileSync(file, 'utf8'));
      process.stdout.write(`${shown(file)}: ${found.length} problems\n`);
      problems.push(...found.map((p) => `${shown(file)}:${p.line}: ${p.rule} ${p.message}`));
    }
  }
  if (!['k8s', 'dockerfiles', 'all'].includes(command ?? '')) {
    process.stderr.write('usage: deploy-checks all | k8s [kustomization-dir ...] | dockerfiles [Dockerfile ...]\n');
    return 2;
  }
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  return problems.length === 0 ? 0 : 1;
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
