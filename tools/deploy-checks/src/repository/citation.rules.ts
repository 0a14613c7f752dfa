import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The repository must stand on its own: a clone holds every page it cites and every file it reads. These name
 * working notes that lived beside the repository and were never part of it; a comment cites `docs/…`, an RFC
 * section or the contract's rule in words instead (docs/contributing.md "Style").
 */
const OUTSIDE_REFERENCES: readonly { name: string; pattern: RegExp }[] = [
  { name: '../shared', pattern: /\.\.\/shared\b/ },
  { name: "'..', 'shared'", pattern: /['"]\.\.['"]\s*,\s*['"]shared['"]/ },
  { name: 'ARCHITECTURE.md', pattern: /ARCHITECTURE\.md/ },
  { name: 'STYLE.md', pattern: /STYLE\.md/ },
  { name: 'FIELD-NOTES', pattern: /FIELD-NOTES/ },
];

/** This check's own files, which must spell the names they look for. */
export const CITATION_CHECK_FILES = ['tools/deploy-checks/src/repository/citation.rules.ts', 'tools/deploy-checks/src/repository/citation.rules.spec.ts'];

export interface OutsideCitation {
  path: string;
  line: number;
  reference: string;
}

/** Every line of `text` that cites or reads something outside the repository. */
export function outsideCitations(path: string, text: string): OutsideCitation[] {
  const found: OutsideCitation[] = [];
  text.split('\n').forEach((content, index) => {
    for (const { name, pattern } of OUTSIDE_REFERENCES) if (pattern.test(content)) found.push({ path, line: index + 1, reference: name });
  });
  return found;
}

/** The outside citations of every file git tracks under `root`, skipping this check's own and binary files. */
export function outsideCitationsOfRepository(root: string): OutsideCitation[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0');
  const found: OutsideCitation[] = [];
  for (const path of tracked) {
    if (path === '' || CITATION_CHECK_FILES.includes(path) || !existsSync(join(root, path))) continue;
    const bytes = readFileSync(join(root, path));
    if (bytes.includes(0)) continue;
    found.push(...outsideCitations(path, bytes.toString('utf8')));
  }
  return found;
}
