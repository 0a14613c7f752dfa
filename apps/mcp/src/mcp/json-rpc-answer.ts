import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** Stands for the structured content while the rest of an answer is serialised; no tool result holds it. */
const HOLE = '\u0000structured content\u0000';
const QUOTED_HOLE = JSON.stringify(HOLE);

interface ToolResultShape {
  structuredContent?: unknown;
  content?: { type?: unknown; text?: unknown }[];
}

/**
 * The JSON of one JSON-RPC answer. A tool result carries its structured content twice, as the object and as
 * its JSON in the first text block (MCP spec, "Structured Content"); callTool makes that text with
 * JSON.stringify of that very object, so the text is put in place of the object instead of serialising it again
 * (for a one-hour transcript, about 19 KB of JSON per call).
 */
export function serializeAnswer(answer: JSONRPCMessage): string {
  const result = 'result' in answer ? (answer.result as ToolResultShape) : undefined;
  const [first] = result?.content ?? [];
  if (result?.structuredContent === undefined || first?.type !== 'text' || typeof first.text !== 'string') return JSON.stringify(answer);
  const text = first.text;
  const json = JSON.stringify({ ...answer, result: { ...result, structuredContent: HOLE } });
  // Strings inside the JSON (the text block included) have their quotes escaped: the quoted hole occurs once.
  return json.replace(QUOTED_HOLE, () => text);
}
