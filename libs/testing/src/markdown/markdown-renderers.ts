import MarkdownIt from 'markdown-it';
import { marked } from 'marked';

/*
 * Real Markdown renderers as clients configure them, for the tests of what the service writes as inert Markdown
 * (search snippets, the MCP search tool's text; docs/search.md "Snippets"): marked with its defaults (GitHub Flavored
 * Markdown, bare URLs become links), markdown-it with raw HTML and autolinks on.
 */
const markdownIt = new MarkdownIt({ html: true, linkify: true });

export const MARKDOWN_RENDERERS: Readonly<Record<string, (markdown: string) => string>> = {
  marked: (markdown) => marked.parse(markdown, { async: false }),
  'markdown-it': (markdown) => markdownIt.render(markdown),
};

/** The tags of rendered HTML, as written (attributes included): an inert snippet renders only `<p>` and `<strong>`. */
export const tagsOf = (html: string): Set<string> => new Set([...html.matchAll(/<[^>]*>/g)].map((m) => m[0]));

export const INERT_SNIPPET_TAGS = new Set(['<p>', '</p>', '<strong>', '</strong>']);

/** What a reader sees of rendered HTML: tags removed, the entities a renderer writes decoded, whitespace collapsed. */
export function visibleText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Stored lines a hostile member could write, each with the word `qqzzk` to find it by. */
export const HOSTILE_LINES = [
  'qqzzk <img src=x onerror=alert(1)> tail',
  'qqzzk <svg/onload=alert(1)> tail',
  'qqzzk <a href="javascript:alert(1)">click</a> tail',
  'qqzzk [click](javascript:alert(1)) tail',
  'qqzzk ![x](http://tracker/p.png) tail',
  'qqzzk `code **not bold** \\*` __x__ *y* ~~z~~ tail',
  '# qqzzk heading',
  '> qqzzk quote',
  '- qqzzk item',
  '1. qqzzk ordered',
  'qqzzk | a | b |',
  'qqzzk http://tracker.example/p.png www.tracker.example mail@tracker.example tail',
  'qqzzk &lt;script&gt; &amp; &#x3C;img&#x3E; tail',
  'qqzzk <!-- comment --> <![CDATA[x]]> tail',
  'qqzzk $x^2$ :smile: {#id .class} ==mark== [^1] tail',
];
