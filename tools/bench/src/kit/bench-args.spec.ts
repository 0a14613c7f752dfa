import { benchCommand, UsageError, WARMUP_FLAG } from './bench-args';

describe('benchmark arguments', () => {
  const command = benchCommand('demo', {
    quick: 'a smoke test',
    flags: {
      rounds: { flag: '--rounds', full: 3, quick: 1, help: 'rounds' },
      warmupSeconds: WARMUP_FLAG,
      limit: { flag: '--limit', full: null, help: 'at most this many' },
      colour: { flag: '--colour', text: true, full: 'red', accepts: (v: string): v is 'red' | 'blue' => v === 'red' || v === 'blue', expects: 'red or blue', placeholder: 'red|blue', help: 'the colour' },
      regenerate: { flag: '--regenerate', switch: true, help: 'start again' },
    },
  });

  it('takes each default from the flags, the quick one under --quick', () => {
    expect(command.parse([])).toEqual({ quick: false, rounds: 3, warmupSeconds: 2, limit: null, colour: 'red', regenerate: false });
    expect(command.parse(['--quick'])).toEqual({ quick: true, rounds: 1, warmupSeconds: 1, limit: null, colour: 'red', regenerate: false });
  });

  it('applies integers and text in both spellings, and switches', () => {
    expect(command.parse(['--rounds', '5', '--warmup=0', '--limit=7', '--colour', 'blue', '--regenerate'])).toEqual({
      quick: false,
      rounds: 5,
      warmupSeconds: 0,
      limit: 7,
      colour: 'blue',
      regenerate: true,
    });
  });

  it.each([['--rounds', '0'], ['--rounds', 'x'], ['--rounds', ''], ['--rounds'], ['--warmup', '-1'], ['--colour', 'green'], ['--colour'], ['--regenerate=yes'], ['--size', '2']])(
    'refuses %j',
    (...args) => {
      expect(() => command.parse(args)).toThrow(UsageError);
    },
  );

  it('writes the usage from the same flags: synopsis, then each flag with its defaults', () => {
    expect(command.usage).toBe(
      [
        'usage: demo [--quick] [--rounds N] [--warmup N] [--limit N] [--colour red|blue] [--regenerate]',
        '  --quick       a smoke test',
        '  --rounds      rounds (3; quick 1)',
        '  --warmup      seconds of unmeasured load before each run (2; quick 1)',
        '  --limit       at most this many',
        '  --colour      the colour (red)',
        '  --regenerate  start again',
      ].join('\n'),
    );
  });

  it('refuses --quick where the benchmark has no smoke test', () => {
    const noQuick = benchCommand('plain', { flags: { train: { flag: '--train', switch: true, help: 'train too' } } });
    expect(noQuick.parse(['--train'])).toEqual({ quick: false, train: true });
    expect(() => noQuick.parse(['--quick'])).toThrow(UsageError);
  });
});
