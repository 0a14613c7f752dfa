import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { machineFacts, ROOT, writeResults } from './results-file';

describe('benchmark results files', () => {
  it('writes .data/bench/<benchmark>-<start time>.json under the repo root and returns its relative path', () => {
    const startedAt = new Date('2026-01-02T03:04:05.678Z');
    const path = writeResults('unit-test', startedAt, { ok: true, machine: machineFacts(1, 0.5, 0.7) });
    try {
      expect(path).toBe(join('.data', 'bench', 'unit-test-2026-01-02T03-04-05-678Z.json'));
      const written = JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
      expect(written).toMatchObject({ ok: true, machine: { pinned_cpu: 1, load_average_before: 0.5, load_average_after: 0.7, node: process.version } });
      expect(existsSync(join(ROOT, 'nx.json'))).toBe(true);
    } finally {
      rmSync(join(ROOT, path), { force: true });
    }
  });
});
