import { UsageError } from '../kit/bench-args';
import { PROCESSING_COMMAND } from './processing';

describe('the processing command', () => {
  it('takes quick defaults and numeric flags', () => {
    expect(PROCESSING_COMMAND.parse([])).toEqual({ quick: false, iterations: 30, conversations: 60, warmup: 5 });
    expect(PROCESSING_COMMAND.parse(['--quick', '--iterations=3', '--warmup', '0'])).toEqual({ quick: true, iterations: 3, conversations: 10, warmup: 0 });
    expect(() => PROCESSING_COMMAND.parse(['--rounds', '2'])).toThrow(UsageError);
  });
});
