import { markdownToText } from './markdown-text';

describe('markdownToText (document sources are shown as plain text)', () => {
  it('keeps the words of headings, lists, emphasis, links and images, and drops the markup', () => {
    const md = [
      '# Launch plan',
      '',
      'We **ship** in _March_, see [the brief](https://example.com/brief) and ![the chart](chart.png).',
      '',
      '- [x] pricing page',
      '* legal review',
      '1. announce',
      '',
      '> Quote of the day',
      '---',
      'Use `npm start`.',
    ].join('\n');
    expect(markdownToText(md)).toBe(
      ['Launch plan', '', 'We ship in March, see the brief and the chart.', '', 'pricing page', 'legal review', 'announce', '', 'Quote of the day', 'Use npm start.'].join('\n'),
    );
  });

  it('keeps fenced code as it is and turns table rows into tab-separated cells', () => {
    const md = ['| Owner | Task |', '| --- | :---: |', '| Ada | *Draft* |', '', '```ts', 'const a = 1; // **not bold**', '```'].join('\n');
    expect(markdownToText(md)).toBe(['Owner\tTask', 'Ada\tDraft', '', 'const a = 1; // **not bold**'].join('\n'));
  });

  it('leaves plain text unchanged apart from surrounding blank lines', () => {
    expect(markdownToText('\n\nJust words, nothing else.\n\n\n\nSecond paragraph.\n')).toBe('Just words, nothing else.\n\nSecond paragraph.');
  });
});
