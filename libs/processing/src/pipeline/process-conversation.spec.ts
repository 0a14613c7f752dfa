import { DIGEST_MAX_LENGTH } from '@cs/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExtractiveSummarizer } from '../summary/extractive.summarizer';
import { SummarizerError } from '../summary/summarizer.port';
import { planningMeetingSegments, sampleMeetingSegments } from '../test-support/sample-meeting';
import { TranscriptInvalidError } from '../transcript/render-transcript';
import type { ConversationToProcess, SourceToProcess } from './conversation-work';
import { type PipelineStage, processConversation } from './process-conversation';
import { failureReason, isPermanentFailure, PermanentProcessingError } from './processing-failure';

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', name));
const summarizer = new ExtractiveSummarizer();

let ids = 0;
const source = (over: Partial<SourceToProcess> & Pick<SourceToProcess, 'type'>): SourceToProcess => ({
  id: `src_${++ids}`,
  title: null,
  input: null,
  upload: null,
  upload_kind: null,
  duration_seconds: null,
  ...over,
});

const conversation = (sources: SourceToProcess[]): ConversationToProcess => ({
  id: 'conv_1',
  workspace_id: 'ws_1',
  title: 'Product sync',
  sources,
  tags: [
    { id: 'tag_pricing', name: 'Pricing', description: null },
    { id: 'tag_legal', name: 'Legal', description: 'Contracts, lawyers and terms of service' },
  ],
});

const transcript = (input: Record<string, unknown> = {}) =>
  source({ type: 'transcript', input: { segments: sampleMeetingSegments(), speaker_names: { 'Speaker 1': 'Ada Lovelace' }, ...input } });

describe('processConversation', () => {
  it('returns the action items with the id of the source and the start of the turn that said them', async () => {
    const notes = source({ type: 'text', input: { content: 'Agenda for the planning call.' } });
    const call = source({ type: 'transcript', input: { segments: planningMeetingSegments() } });
    const result = await processConversation(conversation([notes, call]), summarizer);
    expect(result.actionItems).toContainEqual({ text: 'write the migration plan', owner: 'Tom', due: 'by Friday', source_id: call.id, start_seconds: 60 });
    expect(result.digest).toBe('The mobile launch moves to August 15');
  });

  it('renders a transcript, detects its language, summarizes, cuts the digest and suggests the tags that fit', async () => {
    const result = await processConversation(conversation([transcript()]), summarizer);
    const [rendered] = result.sources;
    expect(rendered?.content).toMatch(/^\[00:00:00\] Ada Lovelace: Good morning everyone/);
    expect(rendered?.participants).toEqual(['Ada Lovelace', 'Speaker 2', 'Speaker 3']);
    expect(rendered?.language).toBe('eng');
    expect(rendered?.durationSeconds).toBe(478);
    expect(result.summary).toContain('## ');
    expect(result.digest?.length).toBeLessThanOrEqual(DIGEST_MAX_LENGTH);
    expect(result.suggestedTagIds).toEqual(['tag_pricing']);
  });

  it("keeps the language the transcript came with rather than guessing one", async () => {
    const result = await processConversation(conversation([transcript({ language: 'deu' })]), summarizer);
    expect(result.sources[0]?.language).toBe('deu');
  });

  it('turns documents into plain text, keeps text as it is and extracts uploads; an unreadable upload keeps content null', async () => {
    const result = await processConversation(
      conversation([
        source({ type: 'document', input: { content: '# Pricing\n\n- The **pricing** page needs new copy before March.' } }),
        source({ type: 'text', input: { content: 'Marketing drafts the pricing copy this week.' } }),
        source({ type: 'file', upload: fixture('product-roadmap.docx'), upload_kind: 'docx' }),
        source({ type: 'file', upload: fixture('corrupt.pdf'), upload_kind: 'pdf' }),
      ]),
      summarizer,
    );
    expect(result.sources.map((s) => s.content?.split('\n')[0] ?? null)).toEqual([
      'Pricing',
      'Marketing drafts the pricing copy this week.',
      expect.any(String),
      null,
    ]);
    expect(result.sources.every((s) => s.language === null && s.participants.length === 0)).toBe(true);
    expect(result.summary).toBeTruthy();
  });

  it('makes a conversation of unreadable uploads only ready with nothing to summarize', async () => {
    const result = await processConversation(conversation([source({ type: 'file', upload: fixture('corrupt.pdf'), upload_kind: 'pdf' })]), summarizer);
    expect(result).toMatchObject({ summary: null, digest: null, suggestedTagIds: [] });
    expect(result.sources[0]?.content).toBeNull();
  });

  it('refuses for good what no retry can fix: no text at all, a transcript without segments', async () => {
    const empty = processConversation(conversation([source({ type: 'text', input: { content: '   ' } })]), summarizer);
    await expect(empty).rejects.toMatchObject({ reason: 'no_content' });
    const noSegments = processConversation(conversation([source({ type: 'transcript', input: { segments: [] } })]), summarizer);
    await expect(noSegments).rejects.toMatchObject({ reason: 'transcript_invalid' });
  });

  it('reports the duration of each stage it ran', async () => {
    const stages: PipelineStage[] = [];
    await processConversation(conversation([transcript()]), summarizer, { onStage: (stage, ms) => ms >= 0 && stages.push(stage) });
    expect(stages).toEqual(['render', 'language', 'summary', 'tags']);
  });
});

describe('failureReason and isPermanentFailure', () => {
  it('map each failure to its error_reason and tell which ones a retry cannot fix', () => {
    const cases: Array<[unknown, string, boolean]> = [
      [new PermanentProcessingError('no_content', 'empty'), 'no_content', true],
      [new TranscriptInvalidError('bad segment', 0), 'transcript_invalid', true],
      [new SummarizerError('upstream', '502', true), 'summarization_failed', false],
      [new SummarizerError('invalid_response', '401', false), 'summarization_failed', true],
      [new Error('connection reset'), 'internal_error', false],
    ];
    for (const [error, reason, permanent] of cases) {
      expect(failureReason(error)).toBe(reason);
      expect(isPermanentFailure(error)).toBe(permanent);
    }
  });
});
