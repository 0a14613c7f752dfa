import { PeriodicTask } from './periodic-task';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PeriodicTask', () => {
  it('runs at start, then after the interval, and at once when woken (again right after a run in progress)', async () => {
    let runs = 0;
    let release: (() => void) | undefined;
    const task = new PeriodicTask('test', 60_000, async () => {
      runs++;
      if (runs === 2) await new Promise<void>((r) => (release = r));
    });
    task.start();
    await sleep(20);
    expect(runs).toBe(1);
    task.wake();
    await sleep(20);
    expect(runs).toBe(2);
    // Woken during the second run: a third run follows it without waiting for the interval.
    task.wake();
    release!();
    await sleep(20);
    expect(runs).toBe(3);
    await task.stop();
    task.wake();
    await sleep(20);
    expect(runs).toBe(3);
  });
});
