import { readFileSync } from 'node:fs';

export interface ExpectedFailure {
  scenario: string;
  /** The comment line right above the entry. */
  reason: string;
}

/**
 * Reads the suite's expected-failures file (its README: `server: [scenario, …]`) in the one shape we allow: a
 * `server:` list where every entry has a comment line of its own right above it giving the reason. Anything else
 * (another key, an entry without a reason, a duplicate) is an error, so the file cannot grow unexplained entries.
 */
export function readExpectedFailures(file: string): ExpectedFailure[] {
  const entries: ExpectedFailure[] = [];
  let inServer = false;
  let reason: string | undefined;
  for (const [index, raw] of readFileSync(file, 'utf8').split('\n').entries()) {
    const line = raw.trimEnd();
    const where = `${file}:${index + 1}`;
    if (line.trim() === '') {
      reason = undefined;
      continue;
    }
    const comment = /^\s*#\s?(.*)$/.exec(line);
    if (comment) {
      reason = comment[1]?.trim() || undefined;
      continue;
    }
    if (/^server:\s*$/.test(line)) {
      inServer = true;
      reason = undefined;
      continue;
    }
    const entry = /^\s+-\s+([a-z0-9][a-z0-9-]*)\s*$/.exec(line);
    if (!inServer || !entry?.[1]) throw new Error(`${where}: only a "server:" list of scenario names is allowed, found "${line}"`);
    if (!reason) throw new Error(`${where}: ${entry[1]} needs a one-line comment right above it saying why the server does not offer this`);
    if (entries.some((known) => known.scenario === entry[1])) throw new Error(`${where}: ${entry[1]} is listed twice`);
    entries.push({ scenario: entry[1], reason });
    reason = undefined;
  }
  return entries;
}
