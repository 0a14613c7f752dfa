import { UsageError } from '../bench-args';
import { runBaseline, runPipeline } from './pipeline-steps';
import { parseProcessingArgs } from './processing';
import { BENCH_TAGS, generateTranscript } from './transcript-generator';

describe('runPipeline', () => {
  it('turns a stored transcript payload into content, language, summary, digest and tags', async () => {
    const { segments, speakerNames } = generateTranscript(1_800, 5);
    const json = JSON.stringify({ title: 'Weekly sync', segments, speaker_names: speakerNames });
    const result = await runPipeline(json, BENCH_TAGS);
    expect(result.language).toBe('eng');
    expect(result.participants).toBe(5);
    expect(result.contentChars).toBeGreaterThan(runBaseline(json) * 0.8);
    expect(result.summaryChars).toBeGreaterThan(200);
    expect(result.digest.length).toBeLessThanOrEqual(80);
    expect(result.tagIds.length).toBeGreaterThan(0);
    expect(result.tagIds).not.toContain('tag_legal');
    expect(Object.values(result.stages).every((ms) => ms >= 0)).toBe(true);
  });
});

describe('parseProcessingArgs', () => {
  it('takes quick defaults and numeric flags', () => {
    expect(parseProcessingArgs([])).toEqual({ quick: false, iterations: 30, conversations: 60, warmup: 5 });
    expect(parseProcessingArgs(['--quick', '--iterations=3', '--warmup', '0'])).toEqual({ quick: true, iterations: 3, conversations: 10, warmup: 0 });
    expect(() => parseProcessingArgs(['--rounds', '2'])).toThrow(UsageError);
  });
});
