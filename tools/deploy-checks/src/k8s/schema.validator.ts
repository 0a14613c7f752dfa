import type { KubeObject } from '../kustomize/manifest.types';
import { objectId } from '../kustomize/manifest.types';

/** The Kubernetes version whose OpenAPI schemas kubernetes-models 5.1 compiles its validators from. */
export const KUBERNETES_SCHEMA_VERSION = '1.27.1';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: unknown) => Validatable;

/**
 * Validates one object against the JSON schema of its apiVersion and kind (kubernetes-models, generated from
 * the Kubernetes OpenAPI document). An unknown apiVersion/kind is an error: a typo there would otherwise pass.
 * The schemas do not forbid unknown fields (neither does the API's OpenAPI document); the semantic rules check
 * the fields that matter by name.
 */
export async function validateAgainstSchema(object: KubeObject): Promise<string[]> {
  // "apps/v1" is the module kubernetes-models/apps/v1; the core group's "v1" is kubernetes-models/v1.
  const group = object.apiVersion;
  if (!/^[a-z0-9.]+\/?[a-z0-9]*$/.test(group)) return [`${objectId(object)}: malformed apiVersion ${group}`];
  let module: Record<string, unknown>;
  try {
    // A real dynamic import (see tsconfig.build.json): the package is ESM-only.
    module = (await import(`kubernetes-models/${group}`)) as Record<string, unknown>;
  } catch {
    return [`${objectId(object)}: unknown apiVersion ${object.apiVersion} (Kubernetes ${KUBERNETES_SCHEMA_VERSION})`];
  }
  const Model = module[object.kind] as ModelClass | undefined;
  if (typeof Model !== 'function') return [`${objectId(object)}: ${object.apiVersion} has no kind ${object.kind} (Kubernetes ${KUBERNETES_SCHEMA_VERSION})`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    const errors = (error as { errors?: { instancePath: string; message?: string }[] }).errors;
    if (!errors) return [`${objectId(object)}: ${(error as Error).message}`];
    return errors.filter((e) => !e.message?.includes('exactly one schema')).map((e) => `${objectId(object)}: ${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  }
}
