import { createHash } from 'node:crypto';

/**
 * The name suffix kustomize gives a generated ConfigMap (api/hasher in sigs.k8s.io/kustomize): SHA-256 of the
 * JSON encoding of {data, kind, name} (Go's encoding/json sorts map keys and escapes <, >, &), the first 10 hex
 * digits, with the vowels and the digits that could spell words swapped for consonants. kustomize 5 hashes the
 * generated object before its name is set, so `name` is always "" in the encoding (checked against the
 * kustomize v5.5.0 inside kubectl 1.32; the differential test re-checks it wherever kubectl is installed).
 * Matching it means `kubectl apply -k` and our rendering name the same object, and a changed value rolls the
 * Deployments that reference it.
 */
export function configMapHashSuffix(data: Record<string, string>): string {
  const sortedData = Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const encoded = goJson({ data: sortedData, kind: 'ConfigMap', name: '' });
  const hex = createHash('sha256').update(encoded).digest('hex');
  return encodeHash(hex);
}

const SWAPS: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };

function encodeHash(hex: string): string {
  return [...hex.slice(0, 10)].map((c) => SWAPS[c] ?? c).join('');
}

/** JSON.stringify plus the HTML escaping Go's json.Marshal applies by default. */
function goJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
