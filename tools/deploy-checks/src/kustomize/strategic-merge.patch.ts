import { isRecord } from './manifest.types';

/**
 * The merge keys of the Kubernetes strategic merge patch for the lists our manifests patch (from the
 * `x-kubernetes-patch-merge-key` of the core/v1 and apps/v1 types). A list not named here is replaced whole,
 * as the API server does for lists without a merge key (e.g. `args`, `command`).
 */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  envFrom: '', // atomic in the API: replaced
  ports: 'containerPort',
  volumes: 'name',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
  tolerations: '', // atomic
};

/**
 * Applies a strategic merge patch (the subset kustomize's `patches` needs for Deployments, Services, HPAs and
 * ConfigMaps): maps merge recursively, `null` deletes a field, lists with a merge key merge element by element,
 * other lists are replaced. `$patch` directives are not supported and are refused rather than ignored.
 */
export function strategicMerge(target: unknown, patch: unknown, path = ''): unknown {
  if (!isRecord(patch)) return patch;
  if ('$patch' in patch) throw new Error(`${path || '/'}: $patch directives are not supported by this renderer`);
  const result: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[key];
      continue;
    }
    const current = result[key];
    const mergeKey = MERGE_KEYS[key];
    if (Array.isArray(value) && Array.isArray(current) && mergeKey) {
      result[key] = mergeList(current, value, mergeKey, `${path}/${key}`);
    } else if (isRecord(value) && isRecord(current)) {
      result[key] = strategicMerge(current, value, `${path}/${key}`);
    } else {
      result[key] = value;
    }
  }
  return result;
}

function mergeList(current: unknown[], patch: unknown[], mergeKey: string, path: string): unknown[] {
  const result = [...current];
  for (const item of patch) {
    if (!isRecord(item) || item[mergeKey] === undefined) throw new Error(`${path}: patch element without its merge key "${mergeKey}"`);
    const index = result.findIndex((existing) => isRecord(existing) && existing[mergeKey] === item[mergeKey]);
    if (index === -1) result.push(item);
    else result[index] = strategicMerge(result[index], item, `${path}/${String(item[mergeKey])}`);
  }
  return result;
}
