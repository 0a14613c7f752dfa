/*
 * Stored text made inert Markdown (docs/search.md "Snippets"): whatever a member wrote into a transcript, a snippet
 * or a speaker's name renders as the very characters they typed, in a Markdown renderer (CommonMark, GFM with
 * autolinks, tables and strikethrough, and the common extensions: math, emoji shortcodes, attributes, highlights),
 * in HTML, and reads as plain text once the escapes are undone.
 *
 * - `&`, `<` and `>` become the HTML entities `&amp;`, `&lt;` and `&gt;`: no tag, autolink or entity of the text
 *   survives, in a Markdown renderer (which decodes the entities to the characters) or pasted into HTML as is.
 * - Every other ASCII punctuation character that any Markdown dialect gives a meaning to gets a backslash, which
 *   CommonMark defines as "this character, literally" for every ASCII punctuation character: emphasis (`*`, `_`),
 *   code (`` ` ``), links, images and footnotes (`[`, `]`, `(`, `)`, `!`, `^`), headings, lists, quotes and rules
 *   at the start of a line (`#`, `+`, `-`, `.`), tables (`|`), strikethrough (`~`), math (`$`), emoji shortcodes
 *   and bare URLs (`:`, `.`, `@`), attributes (`{`, `}`), highlights (`=`), and `\` itself.
 * - `"`, `'`, `,`, `;`, `?`, `/` and `%` mean nothing in any of them outside a link or a tag, which the above
 *   already breaks, so they stay as they are and a snippet still reads as speech.
 * - Runs of whitespace become one space, so a snippet is always one line: nothing in it can start a block.
 */
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const BACKSLASHED = /[\\`*_[\]()!^#+\-.|~$:@{}=]/g;
const ENTITIES = /[&<>]/g;

export function markdownText(text: string): string {
  return text
    .replace(/\s+/gu, ' ')
    .replace(ENTITIES, (ch) => ESCAPES[ch]!)
    .replace(BACKSLASHED, (ch) => `\\${ch}`);
}
