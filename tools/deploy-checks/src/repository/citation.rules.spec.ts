import { REPO_ROOT } from '../test-support/repo-paths';
import { outsideCitations, outsideCitationsOfRepository } from './citation.rules';

const shown = (citations: { path: string; line: number; reference: string }[]) => citations.map((c) => `${c.path}:${c.line} ${c.reference}`);

describe('the repository stands on its own', () => {
  it('no tracked file cites or reads a page outside the repository', () => {
    expect(shown(outsideCitationsOfRepository(REPO_ROOT))).toEqual([]);
  });

  it('names the file and line of every outside citation', () => {
    const text = [
      '// Access rules (ARCHITECTURE.md "Access rules")', // 1
      'const ok = 1; // docs/api.md "Access rules"', // 2
      "readFileSync(join(ROOT, '..', 'shared', 'spec', 'x.md'));", // 3
      'See [the spec](../shared/spec/conversation-service-api.md).', // 4
      '/* STYLE.md "Workers" and FIELD-NOTES */', // 5
    ].join('\n');
    expect(shown(outsideCitations('apps/x/src/x.ts', text))).toEqual([
      'apps/x/src/x.ts:1 ARCHITECTURE.md',
      "apps/x/src/x.ts:3 '..', 'shared'",
      'apps/x/src/x.ts:4 ../shared',
      'apps/x/src/x.ts:5 STYLE.md',
      'apps/x/src/x.ts:5 FIELD-NOTES',
    ]);
  });
});
