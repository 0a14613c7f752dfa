import type { DataSource } from 'typeorm';
import { runCli } from './cli.runner';

/** Test-only (excluded from the build): runs a verb in-process against a test database and captures its output. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCliAgainst(databaseUrl: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { DATABASE_URL: databaseUrl, ...env },
  });
  return { code, stdout, stderr };
}

/** Parses stdout, insisting it is exactly one JSON object on one line (the --json contract). */
export function singleJsonObject(stdout: string): Record<string, unknown> {
  const lines = stdout.split('\n').filter((line) => line.length > 0);
  if (lines.length !== 1) throw new Error(`expected one line of JSON on stdout, got ${lines.length}: ${stdout}`);
  const parsed: unknown = JSON.parse(lines[0]!);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`stdout is not a JSON object: ${stdout}`);
  return parsed as Record<string, unknown>;
}

const TABLES = ['tenants', 'workspaces', 'users', 'memberships', 'folders', 'conversations', 'sources', 'tags', 'conversation_tags', 'api_keys'];

/** Row counts of every table, to prove that a rejected command wrote nothing. */
export async function rowCounts(ds: DataSource): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = (await ds.query(`SELECT count(*)::int AS n FROM ${table}`)) as Array<{ n: number }>;
    counts[table] = row?.n ?? -1;
  }
  return counts;
}
