import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { configMapHashSuffix } from './config-map.hash';
import { asKubeObject, isRecord, type KubeObject, objectId } from './manifest.types';
import { strategicMerge } from './strategic-merge.patch';

/**
 * Renders a kustomization the way `kubectl kustomize` (kustomize v5) does, for the subset of kustomize that
 * k8s/ uses. No kustomize binary is installable from npm or Debian in a usable version here, so this is a
 * small renderer of our own; where kubectl is on the machine, a test renders every overlay with both and
 * compares. Anything outside the subset is refused, never ignored, so a manifest cannot silently render
 * differently from the real tool.
 *
 * Supported: `resources` (files and directories), `namespace`, `labels` (pairs, includeSelectors: false,
 * includeTemplates), `patches` (strategic merge, by path, naming their target themselves),
 * `configMapGenerator` (literals; behavior create/merge/replace; hashed names with references rewritten),
 * `images` (newName, newTag).
 */
export function renderKustomization(dir: string): KubeObject[] {
  const objects = build(resolve(dir));
  hashGeneratedConfigMaps(objects);
  return objects.map(stripInternal);
}

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'labels', 'patches', 'configMapGenerator', 'images']);
const GENERATED = Symbol('generated');
type Rendered = KubeObject & { [GENERATED]?: true };

interface Kustomization {
  resources?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  patches?: { path?: string; patch?: string; target?: unknown }[];
  configMapGenerator?: { name: string; literals?: string[]; behavior?: 'create' | 'merge' | 'replace'; [other: string]: unknown }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
}

function readKustomization(dir: string): Kustomization {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((f) => join(dir, f)).find((f) => existsSync(f));
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const [document] = parseYaml(file);
  if (!isRecord(document)) throw new Error(`${file}: not a mapping`);
  for (const key of Object.keys(document)) {
    if (!KNOWN_FIELDS.has(key)) throw new Error(`${file}: "${key}" is not supported by this renderer (see tools/deploy-checks)`);
  }
  return document as Kustomization;
}

function parseYaml(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    return doc.toJS() as unknown;
  }).filter((doc) => doc !== null && doc !== undefined);
}

function build(dir: string): Rendered[] {
  const k = readKustomization(dir);
  let objects: Rendered[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path)) throw new Error(`${dir}: resource ${entry} does not exist`);
    if (statSync(path).isDirectory()) objects.push(...build(path));
    else objects.push(...parseYaml(path).map((doc) => asKubeObject(doc, path)));
  }
  for (const generator of k.configMapGenerator ?? []) objects = generateConfigMap(objects, generator, dir);
  assertUnique(objects, dir);
  for (const patch of k.patches ?? []) objects = applyPatch(objects, patch, dir);
  if (k.namespace) for (const o of objects) o.metadata.namespace = k.namespace;
  for (const label of k.labels ?? []) applyLabels(objects, label, dir);
  for (const image of k.images ?? []) applyImage(objects, image);
  return objects;
}

function assertUnique(objects: KubeObject[], dir: string): void {
  const seen = new Set<string>();
  for (const o of objects) {
    const id = objectId(o);
    if (seen.has(id)) throw new Error(`${dir}: ${id} is defined twice`);
    seen.add(id);
  }
}

function generateConfigMap(objects: Rendered[], generator: NonNullable<Kustomization['configMapGenerator']>[number], dir: string): Rendered[] {
  const unsupported = Object.keys(generator).filter((key) => !['name', 'literals', 'behavior'].includes(key));
  if (unsupported.length > 0) throw new Error(`${dir}: configMapGenerator ${generator.name}: ${unsupported.join(', ')} not supported`);
  const data: Record<string, string> = {};
  for (const literal of generator.literals ?? []) {
    const eq = literal.indexOf('=');
    if (eq <= 0) throw new Error(`${dir}: configMapGenerator ${generator.name}: literal "${literal}" is not KEY=VALUE`);
    data[literal.slice(0, eq)] = literal.slice(eq + 1);
  }
  const behavior = generator.behavior ?? 'create';
  const index = objects.findIndex((o) => o.kind === 'ConfigMap' && o.metadata.name === generator.name && o[GENERATED]);
  if (behavior === 'create') {
    if (index !== -1) throw new Error(`${dir}: configMapGenerator ${generator.name} already exists (use behavior: merge)`);
    const generated: Rendered = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data };
    generated[GENERATED] = true;
    return [...objects, generated];
  }
  if (index === -1) throw new Error(`${dir}: configMapGenerator ${generator.name} (behavior: ${behavior}) has no base to ${behavior}`);
  const base = objects[index]!;
  const merged: Rendered = { ...base, data: behavior === 'merge' ? { ...(base.data as Record<string, string>), ...data } : data };
  merged[GENERATED] = true;
  return objects.map((o, i) => (i === index ? merged : o));
}

function applyPatch(objects: Rendered[], patch: NonNullable<Kustomization['patches']>[number], dir: string): Rendered[] {
  if (!patch.path || patch.patch !== undefined || patch.target !== undefined) {
    throw new Error(`${dir}: only patches with a path and no target are supported (the patch names its object)`);
  }
  const file = resolve(dir, patch.path);
  const documents = parseYaml(file).map((doc) => asKubeObject(doc, file));
  let result = objects;
  for (const document of documents) {
    const index = result.findIndex((o) => o.kind === document.kind && o.metadata.name === document.metadata.name);
    if (index === -1) throw new Error(`${file}: patch target ${document.kind}/${document.metadata.name} not found`);
    const target = result[index]!;
    const patched = strategicMerge(target, document) as Rendered;
    if (target[GENERATED]) patched[GENERATED] = true;
    result = result.map((o, i) => (i === index ? patched : o));
  }
  return result;
}

const TEMPLATE_PATHS: Record<string, string[][]> = {
  Deployment: [['spec', 'template']],
  StatefulSet: [['spec', 'template']],
  DaemonSet: [['spec', 'template']],
  ReplicaSet: [['spec', 'template']],
  Job: [['spec', 'template']],
  CronJob: [['spec', 'jobTemplate'], ['spec', 'jobTemplate', 'spec', 'template']],
};

function applyLabels(objects: KubeObject[], label: NonNullable<Kustomization['labels']>[number], dir: string): void {
  if (label.includeSelectors) {
    throw new Error(`${dir}: labels with includeSelectors are not supported (selectors are immutable; keep them explicit)`);
  }
  for (const o of objects) {
    o.metadata.labels = { ...o.metadata.labels, ...label.pairs };
    if (!label.includeTemplates) continue;
    for (const path of TEMPLATE_PATHS[o.kind] ?? []) {
      const template = path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), o);
      if (!isRecord(template)) continue;
      const metadata = isRecord(template.metadata) ? template.metadata : (template.metadata = {});
      metadata.labels = { ...(isRecord(metadata.labels) ? metadata.labels : {}), ...label.pairs };
    }
  }
}

/** Every container list of a workload's pod template (Deployment, Job, CronJob …), with its path for messages. */
export function podSpecOf(object: KubeObject): Record<string, unknown> | undefined {
  const paths = TEMPLATE_PATHS[object.kind];
  if (!paths) return undefined;
  const template = paths[paths.length - 1]!.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), object);
  return isRecord(template) && isRecord(template.spec) ? template.spec : undefined;
}

export function containersOf(object: KubeObject): Record<string, unknown>[] {
  const spec = podSpecOf(object);
  if (!spec) return [];
  return [...asArray(spec.initContainers), ...asArray(spec.containers)].filter(isRecord);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function applyImage(objects: KubeObject[], image: NonNullable<Kustomization['images']>[number]): void {
  if (image.digest) throw new Error(`images: digest is not supported by this renderer`);
  for (const o of objects) {
    for (const container of containersOf(o)) {
      if (typeof container.image !== 'string') continue;
      const [name, tag] = splitImage(container.image);
      if (name !== image.name) continue;
      container.image = `${image.newName ?? name}${image.newTag !== undefined ? `:${image.newTag}` : tag !== undefined ? `:${tag}` : ''}`;
    }
  }
}

function splitImage(image: string): [string, string | undefined] {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? [image.slice(0, colon), image.slice(colon + 1)] : [image, undefined];
}

/** Generated ConfigMaps get kustomize's content-hash suffix, and every pod-spec reference follows the rename. */
function hashGeneratedConfigMaps(objects: Rendered[]): void {
  const renames = new Map<string, string>();
  for (const o of objects) {
    if (o.kind !== 'ConfigMap' || !o[GENERATED]) continue;
    const data = (isRecord(o.data) ? o.data : {}) as Record<string, string>;
    const key = `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    o.metadata.name = `${o.metadata.name}-${configMapHashSuffix(data)}`;
    renames.set(key, o.metadata.name);
  }
  const rename = (o: KubeObject, ref: unknown) => {
    if (!isRecord(ref) || typeof ref.name !== 'string') return;
    const renamed = renames.get(`${o.metadata.namespace ?? ''}/${ref.name}`);
    if (renamed) ref.name = renamed;
  };
  for (const o of objects) {
    const spec = podSpecOf(o);
    if (!spec) continue;
    for (const volume of asArray(spec.volumes)) if (isRecord(volume)) rename(o, volume.configMap);
    for (const container of containersOf(o)) {
      for (const source of asArray(container.envFrom)) if (isRecord(source)) rename(o, source.configMapRef);
      for (const env of asArray(container.env)) {
        if (isRecord(env) && isRecord(env.valueFrom)) rename(o, env.valueFrom.configMapKeyRef);
      }
    }
  }
}

function stripInternal(object: Rendered): KubeObject {
  return JSON.parse(JSON.stringify(object)) as KubeObject;
}
