import { applyBenchArgs, UsageError } from './bench-args';

describe('benchmark arguments', () => {
  const defaults = { quick: false, rounds: 3, warmupSeconds: 2, regenerate: false };
  const flags = { numeric: { '--rounds': 'rounds', '--warmup': 'warmupSeconds' }, switches: { '--regenerate': 'regenerate' } } as const;

  it('applies integers in both spellings and switches, leaving --quick to the caller', () => {
    expect(applyBenchArgs(['--quick', '--rounds', '5', '--warmup=0', '--regenerate'], defaults, flags, 'usage')).toEqual({
      quick: false,
      rounds: 5,
      warmupSeconds: 0,
      regenerate: true,
    });
  });

  it.each([['--rounds', '0'], ['--rounds', 'x'], ['--rounds'], ['--colour']])('refuses %j', (...args) => {
    expect(() => applyBenchArgs(args, defaults, flags, 'usage')).toThrow(UsageError);
  });
});
