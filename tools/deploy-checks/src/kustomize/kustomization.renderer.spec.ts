import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configMapHashSuffix } from './config-map.hash';
import { containersOf, renderKustomization } from './kustomization.renderer';
import { strategicMerge } from './strategic-merge.patch';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cs-kustomize-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: web
          envFrom:
            - configMapRef: { name: settings }
          env:
            - { name: A, value: "1" }
`;

describe('kustomize renderer', () => {
  it('names generated ConfigMaps with the hash kubectl kustomize (v5.5.0) gives them', () => {
    // Both values were produced by `kubectl kustomize` for a configMapGenerator with these literals.
    expect(configMapHashSuffix({ A: '1' })).toBe('89g4tffbfk');
    expect(configMapHashSuffix({ B: '2', A: 'x<y&z' })).toBe('6b6m7d9dkg');
  });

  it('applies an overlay: merged generator, patch, namespace, labels on templates, image, renamed references', () => {
    const root = tree({
      'base/kustomization.yaml': 'resources: [web.yaml]\nconfigMapGenerator:\n  - name: settings\n    literals: [A=1, B=2]\n',
      'base/web.yaml': deployment,
      'overlay/kustomization.yaml': [
        'resources: [../base]',
        'namespace: prod',
        'configMapGenerator:\n  - name: settings\n    behavior: merge\n    literals: [B=3]',
        'patches:\n  - path: patch.yaml',
        'labels:\n  - pairs: { team: core }\n    includeTemplates: true',
        'images:\n  - name: web\n    newName: registry.example.com/web\n    newTag: "1.2.3"',
      ].join('\n'),
      'overlay/patch.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\nspec:\n  template:\n    spec:\n      containers:\n        - name: web\n          env:\n            - { name: B, value: "2" }\n',
    });
    const objects = renderKustomization(join(root, 'overlay'));
    const config = objects.find((o) => o.kind === 'ConfigMap')!;
    expect(config.metadata).toEqual({ name: `settings-${configMapHashSuffix({ A: '1', B: '3' })}`, namespace: 'prod', labels: { team: 'core' } });
    expect(config.data).toEqual({ A: '1', B: '3' });
    const web = objects.find((o) => o.kind === 'Deployment')!;
    expect(web.metadata.namespace).toBe('prod');
    const [container] = containersOf(web);
    expect(container!.image).toBe('registry.example.com/web:1.2.3');
    expect(container!.env).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: '2' }]);
    expect(container!.envFrom).toEqual([{ configMapRef: { name: config.metadata.name } }]);
    const spec = web.spec as { selector: unknown; template: { metadata: { labels: unknown } } };
    expect(spec.template.metadata.labels).toEqual({ app: 'web', team: 'core' });
    expect(spec.selector).toEqual({ matchLabels: { app: 'web' } });
  });

  it('refuses kustomize features it does not implement instead of ignoring them', () => {
    const root = tree({ 'kustomization.yaml': 'resources: [web.yaml]\nnamePrefix: x-\n', 'web.yaml': deployment });
    expect(() => renderKustomization(root)).toThrow('"namePrefix" is not supported');
  });

  it('fails on a patch whose target does not exist', () => {
    const root = tree({
      'kustomization.yaml': 'resources: [web.yaml]\npatches:\n  - path: p.yaml\n',
      'web.yaml': deployment,
      'p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: missing }\n',
    });
    expect(() => renderKustomization(root)).toThrow('patch target Deployment/missing not found');
  });

  it('merges lists by their strategic merge key and replaces lists that have none', () => {
    const merged = strategicMerge(
      { containers: [{ name: 'a', args: ['x'], ports: [{ containerPort: 1, name: 'p' }] }] },
      { containers: [{ name: 'a', args: ['y'], ports: [{ containerPort: 1, protocol: 'TCP' }] }, { name: 'b' }] },
    );
    expect(merged).toEqual({ containers: [{ name: 'a', args: ['y'], ports: [{ containerPort: 1, name: 'p', protocol: 'TCP' }] }, { name: 'b' }] });
    expect(strategicMerge({ a: 1, b: 2 }, { b: null })).toEqual({ a: 1 });
  });
});
