import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance), run as its CLI from node_modules with the
 * Node running the tests: its bin's `#!/usr/bin/env node` could pick another Node than the pinned one.
 */
const packageDir = path.dirname(require.resolve('@modelcontextprotocol/conformance/package.json'));
const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { bin: { conformance: string } };
const bin = path.join(packageDir, manifest.bin.conformance);

const cli = (args: string[]) => [bin, ...args];

/** One check of a scenario as the suite writes it to checks.json. */
export interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  description?: string;
  errorMessage?: string;
  details?: unknown;
}

export interface ScenarioResult {
  scenario: string;
  /** As the suite's own baseline logic judges it: no check failed and none warned. */
  passed: boolean;
  /** The failed and warning checks, for the reader of a failure. */
  problems: Check[];
}

export interface SuiteRun {
  specVersion: string;
  results: ScenarioResult[];
  /** The CLI's exit code and output, shown when something went wrong. */
  exitCode: number | null;
  output: string;
}

/**
 * The server scenarios the suite has, with the spec versions each belongs to, read from `conformance list` (its
 * lines are `  - <scenario> [<version>,…]`). Synchronous: the spec versions are known before tests are declared.
 */
export function serverScenarios(): Map<string, string[]> {
  const listing = execFileSync(process.execPath, cli(['list', '--server']), { encoding: 'utf8' });
  const scenarios = new Map<string, string[]>();
  for (const [, name = '', versions = ''] of listing.matchAll(/^\s*-\s+(\S+)\s+\[([^\]]*)\]\s*$/gm)) scenarios.set(name, versions.split(','));
  if (scenarios.size === 0) throw new Error(`conformance list --server printed no scenarios:\n${listing}`);
  return scenarios;
}

/** The dated spec versions (not `draft`, not `extension`) that have at least one server scenario. */
export const datedSpecVersions = (scenarios: Map<string, string[]>): string[] =>
  [...new Set([...scenarios.values()].flat())].filter((version) => /^\d{4}-\d{2}-\d{2}$/.test(version)).sort();

/** The suite names each result directory `server-<scenario>-<ISO time with : and . as ->`. */
const RESULT_DIR = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/**
 * The scenarios the CLI says it ran: a suite leaves out scenarios of its own choosing (`active` skips the pending
 * ones), so its announcement, not `conformance list`, says what to expect.
 */
function ranScenarios(output: string): { announced: number | undefined; ran: string[] } {
  const announced = /^Running \S+ suite \((\d+) scenarios\)/m.exec(output)?.[1];
  return {
    announced: announced === undefined ? undefined : Number(announced),
    ran: [...output.matchAll(/^=== Running scenario: (\S+) ===$/gm)].map((match) => match[1] ?? ''),
  };
}

const failure = (scenario: string, errorMessage: string): ScenarioResult => ({ scenario, passed: false, problems: [{ id: scenario, status: 'FAILURE', errorMessage }] });

async function readResults(outputDir: string, output: string): Promise<ScenarioResult[]> {
  const checksByScenario = new Map<string, Check[]>();
  for (const entry of await readdir(outputDir)) {
    const scenario = RESULT_DIR.exec(entry)?.[1];
    if (scenario) checksByScenario.set(scenario, JSON.parse(await readFile(path.join(outputDir, entry, 'checks.json'), 'utf8')) as Check[]);
  }
  const { announced, ran } = ranScenarios(output);
  const results = ran.map((scenario) => {
    const checks = checksByScenario.get(scenario);
    // The CLI writes no checks.json for a scenario that threw: a failure, not a silent skip.
    if (!checks) return failure(scenario, 'the suite wrote no results for this scenario (see its output)');
    const problems = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    return { scenario, passed: problems.length === 0, problems };
  });
  if (announced === undefined || ran.length !== announced || ran.length === 0) {
    results.push(failure('(suite run)', `the CLI announced ${announced ?? 'no'} scenarios and ran ${ran.length} (see its output)`));
  }
  return results;
}

/** Runs the `active` server suite of one spec version against url and reads the checks of every scenario it ran. */
export async function runServerSuite(url: string, specVersion: string): Promise<SuiteRun> {
  const outputDir = await mkdtemp(path.join(tmpdir(), `mcp-conformance-${specVersion}-`));
  try {
    const child = spawn(process.execPath, cli(['server', '--url', url, '--suite', 'active', '--spec-version', specVersion, '-o', outputDir]), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code));
    });
    return { specVersion, results: await readResults(outputDir, output), exitCode, output };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}
