import { type Conversation, prefixedId, type Source } from '@cs/domain';
import { z } from 'zod/v4';
import { ANSWER_MAX_CHARACTERS, answerJson, escapedLength, jsonLength } from './answer-budget';
import { cutOnLines, lineCount } from './line-cut';

/** The MCP tool that reads a source's content page by page; answers that leave content out point to it. */
export const READ_CONTENT_TOOL = 'get-transcript';

export const OmittedContentSchema = z
  .strictObject({
    source_id: prefixedId('source', 'The source whose content was cut.'),
    offset: z.int().min(0).meta({
      description: 'Where the left-out part starts, in UTF-16 code units from the start of the content; the content given ends just before it.',
    }),
    characters: z.int().min(1).meta({ description: 'Length of the left-out part, to the end of the content.' }),
    lines: z.int().min(1).meta({ description: 'Lines in the left-out part; for a transcript, speaker turns.' }),
    read_with: z
      .strictObject({
        tool: z.literal(READ_CONTENT_TOOL),
        arguments: z.strictObject({ id: prefixedId('conversation', 'The conversation.'), source_id: prefixedId('source', 'The source.'), offset: z.int().min(0) }),
      })
      .meta({ description: `The call that returns the left-out part, page by page: ${READ_CONTENT_TOOL} with these arguments.` }),
  })
  .meta({ description: 'Source content an answer left out to stay within its size bound, and how to read it.' });

export type OmittedContent = z.output<typeof OmittedContentSchema>;

const hasContent = (source: Source): source is Source & { content: string } => typeof source.content === 'string' && source.content.length > 0;

function omission(conversationId: string, source: Source & { content: string }, offset: number): OmittedContent {
  const rest = source.content.slice(offset);
  return {
    source_id: source.id,
    offset,
    characters: rest.length,
    lines: lineCount(rest),
    read_with: { tool: READ_CONTENT_TOOL, arguments: { id: conversationId, source_id: source.id, offset } },
  };
}

/**
 * An answer about a conversation (get-conversation's, fetch's, a resource's) within ANSWER_MAX_CHARACTERS of
 * JSON: `build` makes it from the conversation and the list of what was left out. When the whole answer is too
 * long, source contents are kept in order, whole lines (speaker turns) at a time, as far as the budget goes; each
 * cut source is reported with where the rest starts. The budget is what remains once the answer is built with
 * every content cut to one character and reported as cut from its start (the most the rest can take: real offsets
 * and counts have no more digits than these), so the answer never exceeds the bound unless the conversation's
 * other fields alone do.
 */
export function boundedAnswer<T extends object>(conversation: Conversation, build: (conversation: Conversation, omitted: OmittedContent[]) => T): T {
  const whole = build(conversation, []);
  if (answerJson(whole).length <= ANSWER_MAX_CHARACTERS) return whole;
  const cutSources = conversation.sources.filter(hasContent);
  const worst = build(
    { ...conversation, sources: conversation.sources.map((source) => (hasContent(source) ? { ...source, content: 'x' } : source)) },
    cutSources.map((source) => ({ ...omission(conversation.id, source, 0), offset: source.content.length })),
  );
  let budget = Math.max(0, ANSWER_MAX_CHARACTERS - jsonLength(worst));
  const omitted: OmittedContent[] = [];
  const sources = conversation.sources.map((source) => {
    if (!hasContent(source)) return source;
    const end = cutOnLines(source.content, 0, budget, false);
    const kept = source.content.slice(0, end);
    budget -= escapedLength(kept);
    if (end < source.content.length) omitted.push(omission(conversation.id, source, end));
    return { ...source, content: kept };
  });
  return build({ ...conversation, sources }, omitted);
}

/** One sentence a reader of plain text (fetch's) gets for a cut source, naming the call that reads the rest. */
export function omissionNote(omitted: OmittedContent, sourceLabel: string): string {
  return (
    `[Left out: the last ${omitted.characters} characters (${omitted.lines} lines) of "${sourceLabel}". ` +
    `Read them with ${omitted.read_with.tool} ${JSON.stringify(omitted.read_with.arguments)}.]`
  );
}
