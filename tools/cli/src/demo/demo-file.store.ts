import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** docs/operations.md "Operator CLI": the shape of `.data/demo.json`, read by `npm start`, e2e tests and people. */
export interface DemoFile {
  api_url: string;
  auth_url: string;
  mcp_url: string;
  workspaces: Array<{ id: string; name: string }>;
  users: Array<{ email: string; password: string; role: string; workspace_id: string; api_key: string }>;
  /** Filled once OAuth clients exist (a later issue); kept as null until then. */
  oauth_client: { client_id: string; client_secret: string; redirect_uris: string[]; scopes: string[] } | null;
}

/** The repo root is the directory holding nx.json, found from here both in src/ (tests) and dist/ (built CLI). */
export function findRepoRoot(from: string = __dirname): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no nx.json above ${from}; set DEMO_FILE to say where demo.json goes`);
  }
}

export function demoFilePath(override: string | undefined): string {
  return override ? resolve(override) : join(findRepoRoot(), '.data', 'demo.json');
}

/** The file, or null when it is missing or not a demo file (a stale or hand-edited file is re-written, not trusted). */
export async function readDemoFile(path: string): Promise<DemoFile | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<DemoFile>;
    const wellFormed =
      Array.isArray(parsed.workspaces) &&
      Array.isArray(parsed.users) &&
      parsed.users.every((u) => typeof u?.api_key === 'string' && typeof u.email === 'string' && typeof u.password === 'string');
    return wellFormed ? (parsed as DemoFile) : null;
  } catch {
    return null;
  }
}

/**
 * Written to a temporary file created with mode 0600 and renamed over the target, so the passwords
 * and keys in it are never readable by others, and a reader never sees a half-written file.
 */
export async function writeDemoFile(path: string, demo: DemoFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}
