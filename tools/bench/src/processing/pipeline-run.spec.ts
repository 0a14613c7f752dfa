import { ExtractiveSummarizer, processConversation } from '@cs/processing';
import { runBaseline, runPipeline } from './pipeline-run';
import { BENCH_TAGS, generateTranscript } from './transcript-generator';

describe('runPipeline', () => {
  const { segments, speakerNames } = generateTranscript(1_800, 5);
  const json = JSON.stringify({ title: 'Weekly sync', segments, speaker_names: speakerNames });

  it('turns a stored transcript payload into content, language, summary, digest and tags', async () => {
    const result = await runPipeline(json, BENCH_TAGS);
    expect(result.language).toBe('eng');
    expect(result.participants).toBe(5);
    expect(result.contentChars).toBeGreaterThan(runBaseline(json) * 0.8);
    expect(result.summaryChars).toBeGreaterThan(200);
    expect(result.digest?.length).toBeLessThanOrEqual(80);
    expect(result.tagIds.length).toBeGreaterThan(0);
    expect(result.tagIds).not.toContain('tag_legal');
    expect(Object.values(result.stages).every((ms) => ms >= 0)).toBe(true);
    expect(result.stages.renderMs + result.stages.languageMs + result.stages.summaryMs + result.stages.tagsMs).toBeGreaterThan(0);
  });

  it("measures the processor's own pipeline: the same results as processConversation on that conversation", async () => {
    const expected = await processConversation(
      {
        id: 'conv_1',
        workspace_id: 'ws_1',
        title: 'Weekly sync',
        sources: [{ id: 'src_1', type: 'transcript', title: null, input: { segments, speaker_names: speakerNames }, upload: null, upload_kind: null, duration_seconds: null }],
        tags: BENCH_TAGS,
      },
      new ExtractiveSummarizer(),
    );
    const result = await runPipeline(json, BENCH_TAGS);
    expect(result.digest).toBe(expected.digest);
    expect(result.summaryChars).toBe(expected.summary?.length);
    expect(result.tagIds).toEqual(expected.suggestedTagIds);
    expect(result.language).toBe(expected.sources[0]?.language);
    expect(result.contentChars).toBe(expected.sources[0]?.content?.length);
  });
});
