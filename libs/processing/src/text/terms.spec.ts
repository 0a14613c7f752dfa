import { sentences } from './sentences';
import { foldPlural, terms } from './terms';

describe('terms', () => {
  it('keeps lower-cased content words, dropping stopwords, short words and numbers', () => {
    expect(terms('We agreed that the Dashboards go live in 2026, OK?')).toEqual(['agreed', 'dashboard', 'live']);
  });

  it('folds simple plurals so singular and plural count as one term', () => {
    expect(['priorities', 'successes', 'boxes', 'batches', 'status', 'analysis', 'dashboards', "team's"].map(foldPlural)).toEqual([
      'priority',
      'success',
      'box',
      'batch',
      'status',
      'analysis',
      'dashboard',
      'team',
    ]);
  });

  it('reads words of other scripts and languages', () => {
    expect(terms('Die Kunden behalten ihre Daten')).toEqual(['kunden', 'behalten', 'daten']);
    expect(terms('Встреча команды')).toEqual(['встреча', 'команды']);
  });
});

describe('sentences', () => {
  it('splits transcript lines and sentences, dropping prefixes, Markdown markers and spoken fillers', () => {
    const text = '# Notes\n[00:00:05] Ada Lovelace: So, we ship on Monday. Grace tests it! Done?\n- um, pricing is fixed\n\n1. Second item';
    expect(sentences(text)).toEqual(['Notes', 'We ship on Monday.', 'Grace tests it!', 'Done?', 'Pricing is fixed', 'Second item']);
  });

  it('joins lines a PDF wrapped mid-sentence, but not headings, list items or finished sentences', () => {
    const pdf = 'Platform review\nThe platform team reviewed the\ningestion pipeline. Latency dropped\nby forty percent.\n- first item\nsecond line starts lower';
    expect(sentences(pdf)).toEqual(['Platform review', 'The platform team reviewed the ingestion pipeline.', 'Latency dropped by forty percent.', 'First item second line starts lower']);
  });

  it('splits Chinese and Japanese text at full-width sentence ends', () => {
    expect(sentences('我们下周发布。测试已经通过！还有问题吗？')).toEqual(['我们下周发布。', '测试已经通过！', '还有问题吗？']);
  });

  it('does not split inside decimals or before a lower-case word', () => {
    expect(sentences('Latency fell by 2.5 percent. e.g. in the api it dropped.')).toEqual(['Latency fell by 2.5 percent. e.g. in the api it dropped.']);
  });
});
