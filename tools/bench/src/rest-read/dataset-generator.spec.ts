import { sameShape } from '../kit/bench-database';
import { seededRandom } from '@cs/testing';
import { clock, FULL_SHAPE, generateSmallTables, QUICK_SHAPE } from './dataset-generator';

describe('dataset generator', () => {
  it('makes the folders asked for, the big tree parent-first', () => {
    const small = generateSmallTables(QUICK_SHAPE, seededRandom(1));
    expect(small.lines.folders).toHaveLength(QUICK_SHAPE.folders);
    expect(small.bigTree).toHaveLength(QUICK_SHAPE.bigFolderDescendants + 1);
    // Every folder's parent comes before it, so a COPY with the parent foreign key in place succeeds.
    const seen = new Set<string>();
    for (const line of small.lines.folders) {
      const [id, , parent] = line.split('\t') as [string, string, string];
      if (parent !== '\\N') expect(seen.has(parent)).toBe(true);
      seen.add(id);
    }
    expect(small.lines.api_keys).toHaveLength(QUICK_SHAPE.workspaces);
    expect(small.apiKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
  });

  it('formats transcript clocks as HH:MM:SS', () => {
    expect(clock(0)).toBe('00:00:00');
    expect(clock(7_199)).toBe('01:59:59');
  });

  it('compares stored shapes field by field (jsonb reorders keys)', () => {
    const reordered = Object.fromEntries(Object.entries(FULL_SHAPE).reverse()) as typeof FULL_SHAPE;
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(FULL_SHAPE));
    expect(sameShape(reordered, FULL_SHAPE)).toBe(true);
    expect(sameShape(QUICK_SHAPE, FULL_SHAPE)).toBe(false);
  });
});
