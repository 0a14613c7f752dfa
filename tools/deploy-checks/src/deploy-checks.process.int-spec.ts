import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { renderKustomization } from './kustomize/kustomization.renderer';
import { type KubeObject, objectId } from './kustomize/manifest.types';
import { KUSTOMIZATIONS } from './main';
import { copyOfK8s, REPO_ROOT } from './test-support/repo-paths';

// The built CLI is what `nx run deploy-checks:check` and CI run: the schema validators are ESM-only and load
// through a real dynamic import there (the test target builds it first).
const CLI = join(REPO_ROOT, 'tools', 'deploy-checks', 'dist', 'main.js');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });

describe('deploy-checks command', () => {
  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: nx run deploy-checks:build`);
  });

  it('passes on the repository: every overlay renders, matches the Kubernetes 1.27 schemas and the rules', () => {
    const result = run('all');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('k8s/overlays/prod: 32 objects rendered, 0 problems');
    expect(result.stdout).toContain('docker/Dockerfile: 0 problems');
  });

  it('fails on a manifest the Kubernetes schema rejects, naming the object and the field', () => {
    const k8s = copyOfK8s();
    const file = join(k8s, 'base', 'api.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('containerPort: 3000', 'containerPort: "3000"').replace('cpu: 250m', 'cpu: lots'));
    const result = run('k8s', join(k8s, 'overlays', 'prod'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Deployment/conversation-service/api: /spec/template/spec/containers/0/ports/0/containerPort must be integer');
    expect(result.stderr).toContain('Deployment/conversation-service/api: /spec/template/spec/containers/0/resources/requests/cpu must match format "quantity"');
  });

  it('fails on an unknown kind and on a broken reference', () => {
    const k8s = copyOfK8s();
    const file = join(k8s, 'base', 'auth.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('kind: PodDisruptionBudget', 'kind: PodDisruptionBudgets'));
    const ingress = join(k8s, 'overlays', 'dev', 'ingress.patch.yaml');
    writeFileSync(ingress, readFileSync(ingress, 'utf8').replace('name: mcp', 'name: mcp-server'));
    const result = run('k8s', join(k8s, 'overlays', 'dev'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PodDisruptionBudgets/conversation-service-dev/auth: policy/v1 has no kind PodDisruptionBudgets');
    expect(result.stderr).toContain('routes to missing Service mcp-server');
  });

  it('fails on a Dockerfile that breaks the rules', () => {
    const k8s = copyOfK8s();
    const dockerfile = join(k8s, 'Dockerfile');
    writeFileSync(dockerfile, readFileSync(join(REPO_ROOT, 'docker', 'Dockerfile'), 'utf8').replace('USER 1000:1000', 'USER root'));
    const result = run('dockerfiles', dockerfile);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Dockerfile:\d+: CS003 USER root: use a numeric UID/);
  });
});

// Our renderer stands in for kustomize, which npm and Debian do not ship in a usable version. Where kubectl
// (with its built-in kustomize) is installed, both must render every kustomization identically.
const kubectl = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
const withKubectl = kubectl ? describe : describe.skip;
withKubectl(`renderer vs kubectl kustomize (${kubectl ? 'kubectl found' : 'skipped: kubectl not installed'})`, () => {
  it.each(KUSTOMIZATIONS.map((k) => k.dir))('renders %s exactly as kubectl kustomize does', (dir) => {
    const real = parseAllDocuments(execFileSync(kubectl!, ['kustomize', join(REPO_ROOT, dir)], { encoding: 'utf8' }))
      .map((d) => d.toJS() as KubeObject);
    const ours = renderKustomization(join(REPO_ROOT, dir));
    const byId = (objects: KubeObject[]) => new Map(objects.map((o) => [objectId(o), o]));
    const [expected, actual] = [byId(real), byId(ours)];
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    const different = [...actual].filter(([id, o]) => !isDeepStrictEqual(JSON.parse(JSON.stringify(expected.get(id))), o)).map(([id]) => id);
    expect(different).toEqual([]);
  });
});
