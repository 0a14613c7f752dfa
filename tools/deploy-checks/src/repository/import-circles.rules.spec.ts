import { REPO_ROOT } from '../test-support/repo-paths';
import { importCircles, importCirclesOfRepository, relativeImports } from './import-circles.rules';

const shown = (circles: string[][]) => circles.map((circle) => circle.join(' > '));

describe('no import circles', () => {
  it('finds none between the files of any app, lib or tool', () => {
    expect(shown(importCirclesOfRepository(REPO_ROOT))).toEqual([]);
  });

  it('reads imports, type-only imports, re-exports and dynamic imports, by relative path only', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from './c/index';",
      "export * from './d';",
      "const e = await import('./e');",
      "import { z } from 'zod';",
      "import { domain } from '@cs/domain';",
    ].join('\n');
    const files = new Set(['libs/x/src/a.ts', 'libs/x/b.ts', 'libs/x/src/c/index.ts', 'libs/x/src/d/index.ts', 'libs/x/src/e.ts']);
    expect(relativeImports('libs/x/src/f.ts', text, (p) => files.has(p))).toEqual([...files]);
  });

  it('names each circle once, through its files, and leaves chains and diamonds alone', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', []],
      ['f', ['f']],
      ['g', ['e', 'd']],
    ]);
    expect(shown(importCircles(graph))).toEqual(['a > b > c > a', 'f > f']);
  });
});
