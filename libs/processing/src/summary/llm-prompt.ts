import type { SummaryInput } from './summarizer.port';

/**
 * The most conversation text sent to a model in one request: 60,000 characters, about 15,000 tokens of
 * English, which leaves room for the instructions and the answer in a 32k-token context (the smallest common
 * size of current chat models). Over it, each source keeps a share of the budget proportional to its length,
 * cut on a line boundary and marked as truncated; a two-hour meeting (~120,000 characters) keeps about its
 * first half. Chunked map-reduce would see everything but costs several calls per conversation.
 */
export const LLM_INPUT_BUDGET_CHARS = 60_000;

export const SUMMARY_SYSTEM_PROMPT = [
  'You summarize meetings and notes for a meeting-notes product.',
  'Answer with one JSON object and nothing else: {"summary": string, "digest": string}.',
  '"summary" is Markdown: first a short overview paragraph (two or three sentences, no heading), then one',
  'section per topic, each a "## " heading followed by the key points, decisions and principles as "- " bullets.',
  '"digest" is one plain sentence of at most 80 characters saying what the conversation was about.',
  'Write in the language of the conversation. Use only facts from the conversation; do not invent names, numbers or decisions.',
].join('\n');

/** The user message: the conversation's title, then each source with its type, title and participants. */
export function renderSummaryRequest(input: SummaryInput, budgetChars: number = LLM_INPUT_BUDGET_CHARS): string {
  const withContent = input.sources.filter((s) => s.content !== null && s.content.trim() !== '');
  const total = withContent.reduce((sum, s) => sum + (s.content as string).length, 0);
  const parts = [`Conversation title: ${input.title ?? '(untitled)'}`];
  withContent.forEach((source, i) => {
    const content = source.content as string;
    const share = total <= budgetChars ? content.length : Math.floor((budgetChars * content.length) / total);
    const header = [`Source ${i + 1}: ${source.type}`, source.title && `titled "${source.title}"`, source.participants.length > 0 && `participants: ${source.participants.join(', ')}`]
      .filter(Boolean)
      .join('; ');
    parts.push(`--- ${header} ---\n${truncate(content, share)}`);
  });
  return parts.join('\n\n');
}

function truncate(content: string, max: number): string {
  if (content.length <= max) return content;
  const head = content.slice(0, max);
  const lineEnd = head.lastIndexOf('\n');
  const kept = lineEnd > max / 2 ? head.slice(0, lineEnd) : head.replace(/[\uD800-\uDBFF]$/, '');
  return `${kept}\n[… truncated: ${kept.length} of ${content.length} characters shown]`;
}
