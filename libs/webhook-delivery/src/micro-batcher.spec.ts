import { MicroBatcher } from './micro-batcher';

describe('MicroBatcher', () => {
  it('hands the items submitted in one turn of the event loop to one flush and answers each caller with its own result', async () => {
    const batches: number[][] = [];
    const batcher = new MicroBatcher<number, number>(async (items) => {
      batches.push(items);
      return items.map((n) => n * 10);
    }, { maxBatch: 100, maxInFlight: 1 });
    expect(await Promise.all([1, 2, 3].map((n) => batcher.submit(n)))).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers what arrives while a flush runs into the next one, up to maxBatch items, with no more than maxInFlight flushes at once', async () => {
    const batches: number[][] = [];
    let running = 0;
    let mostRunning = 0;
    let release: () => void = () => undefined;
    const batcher = new MicroBatcher<number, number>(async (items) => {
      batches.push(items);
      mostRunning = Math.max(mostRunning, ++running);
      await new Promise<void>((r) => (release = r));
      running--;
      return items;
    }, { maxBatch: 2, maxInFlight: 1 });
    const first = batcher.submit(1);
    await new Promise((r) => setImmediate(r));
    const rest = [2, 3, 4].map((n) => batcher.submit(n));
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1]]);
    release();
    await first;
    await new Promise((r) => setImmediate(r));
    release();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    release();
    expect(await Promise.all(rest)).toEqual([2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
    expect(mostRunning).toBe(1);
  });

  it('rejects every caller of a batch whose flush throws, and keeps serving later ones', async () => {
    let fail = true;
    const batcher = new MicroBatcher<string, string>(async (items) => {
      if (fail) throw new Error('database unreachable');
      return items;
    }, { maxBatch: 10, maxInFlight: 1 });
    const results = await Promise.allSettled([batcher.submit('a'), batcher.submit('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.submit('c')).toBe('c');
  });
});
