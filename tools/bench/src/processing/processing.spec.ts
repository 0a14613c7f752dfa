import { UsageError } from '../kit/bench-args';
import { parseProcessingArgs } from './processing';

describe('parseProcessingArgs', () => {
  it('takes quick defaults and numeric flags', () => {
    expect(parseProcessingArgs([])).toEqual({ quick: false, iterations: 30, conversations: 60, warmup: 5 });
    expect(parseProcessingArgs(['--quick', '--iterations=3', '--warmup', '0'])).toEqual({ quick: true, iterations: 3, conversations: 10, warmup: 0 });
    expect(() => parseProcessingArgs(['--rounds', '2'])).toThrow(UsageError);
  });
});
