/**
 * The most characters (UTF-16 code units, JavaScript's `length`) of JSON one MCP answer carries: a tool result's
 * text block, its structured content serialised, or a resource's text. Claude Code refuses tool results over
 * about 25,000 tokens; at roughly four characters a token this stays near 15,000, well under it, and leaves a
 * two-hour meeting (about 170,000 characters of transcript) to be read in three or four pages.
 */
export const ANSWER_MAX_CHARACTERS = 60_000;

/** Characters of `value` as JSON.stringify writes it. */
export const jsonLength = (value: unknown): number => JSON.stringify(value).length;

/** Characters a string adds to JSON inside a string literal: escapes counted (`\n` is two), quotes not. */
export const escapedLength = (text: string): number => JSON.stringify(text).length - 2;
