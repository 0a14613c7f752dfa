import { markdownText } from './markdown-text';
import { HOSTILE_LINES, INERT_SNIPPET_TAGS, MARKDOWN_RENDERERS, tagsOf, visibleText } from '@cs/testing';
import { MATCH_END, MATCH_START, SNIPPET_MAX_WORDS, snippetOf } from './snippet';

/** A passage as Postgres highlights it: each of `terms` (lower-case words) marked wherever it stands. */
function highlighted(text: string, terms: readonly string[]): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => (terms.includes(word.toLowerCase()) ? `${MATCH_START}${word}${MATCH_END}` : word));
}

describe('snippets are inert Markdown: the only markup is ** around matched terms', () => {
  for (const [name, render] of Object.entries(MARKDOWN_RENDERERS)) {
    it.each([...HOSTILE_LINES, 'qqzzk\tline\u2028break\r\nand    spaces'])(`${name} renders %j with no tag but strong (and the paragraph)`, (line) => {
      const html = render(snippetOf(highlighted(line, ['qqzzk'])));
      expect(tagsOf(html)).toEqual(INERT_SNIPPET_TAGS);
      expect(html).toContain('<strong>qqzzk</strong>');
    });

    it(`${name} shows exactly the stored characters (whitespace collapsed), every ASCII punctuation character included`, () => {
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const alphabet = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~abcXYZ019é';
      for (let run = 0; run < 300; run++) {
        const noise = Array.from({ length: 30 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
        const line = `qqzzk ${noise} tail`;
        const snippet = snippetOf(highlighted(line, ['qqzzk']));
        const html = render(snippet);
        expect(tagsOf(html)).toEqual(INERT_SNIPPET_TAGS);
        expect(visibleText(html)).toBe(line.replace(/\s+/g, ' ').trim());
      }
    });
  }

  it('marks matched terms in bold and escapes the rest', () => {
    expect(snippetOf(highlighted('The *new* pricing page_v2 goes live.', ['pricing']))).toBe('The \\*new\\* **pricing** page\\_v2 goes live\\.');
  });

  it('merges the marks of adjacent matched parts', () => {
    expect(snippetOf(`${MATCH_START}user${MATCH_END}${MATCH_START}interface${MATCH_END} designer`)).toBe('**userinterface** designer');
  });
});

describe('the window a snippet shows', () => {
  const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

  it('shows a short passage whole', () => {
    expect(snippetOf(highlighted('we agreed on pricing today', ['pricing']))).toBe('we agreed on **pricing** today');
  });

  it(`shows at most ${SNIPPET_MAX_WORDS} words, around the most distinct matched terms`, () => {
    const passage = `${words(40, 'a')} pricing ${words(60, 'b')} pricing review ${words(60, 'c')}`;
    const snippet = snippetOf(highlighted(passage, ['pricing', 'review']));
    expect(snippet.split(' ')).toHaveLength(SNIPPET_MAX_WORDS);
    expect(snippet).toContain('**pricing** **review**');
    // The two terms sit in the middle of the window, not at its edge.
    const at = snippet.split(' ').indexOf('**pricing**');
    expect(at).toBeGreaterThan(10);
    expect(at).toBeLessThan(24);
  });

  it('shows the first words when nothing is marked', () => {
    expect(snippetOf(words(50, 'w')).split(' ')).toEqual(words(SNIPPET_MAX_WORDS, 'w').split(' '));
  });
});

describe('markdownText', () => {
  it('turns & < > into entities and backslashes the punctuation Markdown gives a meaning to', () => {
    expect(markdownText(`a&b <i> [x](y) 3:30. "it's" 50%, ok?`)).toBe(`a&amp;b &lt;i&gt; \\[x\\]\\(y\\) 3\\:30\\. "it's" 50%, ok?`);
  });
});
