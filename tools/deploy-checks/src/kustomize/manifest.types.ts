/** A Kubernetes object as YAML parses it: only the envelope is typed, the rest is checked by schema. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** "Kind/name" (and namespace when set): how objects are named in messages and looked up. */
export function objectId(object: KubeObject): string {
  const ns = object.metadata.namespace ? `${object.metadata.namespace}/` : '';
  return `${object.kind}/${ns}${object.metadata.name}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asKubeObject(value: unknown, source: string): KubeObject {
  if (!isRecord(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string') {
    throw new Error(`${source}: not a Kubernetes object (apiVersion and kind are required)`);
  }
  const metadata = value.metadata;
  if (!isRecord(metadata) || typeof metadata.name !== 'string' || metadata.name === '') {
    throw new Error(`${source}: ${value.kind} without metadata.name`);
  }
  return value as KubeObject;
}
