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
  'Answer with one JSON object and nothing else, following the response schema:',
  '"digest": a complete headline of at most 80 characters saying what the conversation was about (never cut, no "…").',
  '"overview": two or three plain sentences on what the conversation was about.',
  '"sections": one per topic in the order discussed, each with a short "heading" a person would write (not a list of',
  'keywords) and one to six "bullets" of key points; start a bullet with "Name: " when who said it matters.',
  '"decisions": what was decided. "key_principles": rules or principles the participants stated.',
  '"action_items": what someone is to do: "text" (the task, without the addressee or the due phrase), "owner" (the name of',
  'the participant who is to do it, exactly as in the participants list, or null) and "due" (the due phrase as said, such as',
  '"by Friday", or null). Use empty arrays when there are none.',
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
