import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root, from tools/deploy-checks/src/test-support. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

/** A throwaway copy of k8s/ to break on purpose; the checks must then fail. */
export function copyOfK8s(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cs-k8s-'));
  cpSync(join(REPO_ROOT, 'k8s'), join(dir, 'k8s'), { recursive: true });
  return join(dir, 'k8s');
}
