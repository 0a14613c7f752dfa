/**
 * The most characters (UTF-16 code units, JavaScript's `length`) of JSON one MCP answer carries: a tool result's
 * text block, its structured content serialised, or a resource's text. Claude Code refuses tool results over
 * about 25,000 tokens; at roughly four characters a token this stays near 15,000, well under it, and leaves a
 * two-hour meeting (about 170,000 characters of transcript) to be read in three or four pages.
 */
export const ANSWER_MAX_CHARACTERS = 60_000;

const serialized = new WeakMap<object, string>();

/**
 * JSON.stringify of an answer, remembered for that very object: an answer is measured against the bound, then sent
 * as this same text (the MCP tool result's text block), so measuring costs no second serialisation (a one-hour
 * conversation takes about 40 µs to serialise, a tenth of a tool call). Answers are never changed once built.
 */
export function answerJson(answer: object): string {
  let json = serialized.get(answer);
  if (json === undefined) {
    json = JSON.stringify(answer);
    serialized.set(answer, json);
  }
  return json;
}

/** Characters of `value` as JSON.stringify writes it. */
export const jsonLength = (value: unknown): number => JSON.stringify(value).length;

/** Characters a string adds to JSON inside a string literal: escapes counted (`\n` is two), quotes not. */
export const escapedLength = (text: string): number => JSON.stringify(text).length - 2;
