import { DIGEST_MAX_LENGTH } from '@cs/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { planningMeetingContent, sampleMeetingContent } from '../test-support/sample-meeting';
import { extractText } from '../uploads/extract-text';
import { ExtractiveSummarizer } from './extractive.summarizer';
import { SummarizerError, type SummaryInput } from './summarizer.port';

const transcriptInput = (content: string | null, title: string | null = 'Weekly product sync'): SummaryInput => ({
  title,
  sources: [{ type: 'transcript', title: null, content, participants: ['Ada Lovelace', 'Grace Hopper', 'Speaker 3'] }],
});

/** Splits a summary into its overview paragraph and its sections (heading and bullets). */
function parse(summary: string) {
  const [overview, ...blocks] = summary.split('\n\n');
  return {
    overview: overview ?? '',
    sections: blocks.map((block) => {
      const [heading, ...bullets] = block.split('\n');
      return { heading: heading ?? '', bullets };
    }),
  };
}

describe('ExtractiveSummarizer', () => {
  const summarizer = new ExtractiveSummarizer();

  it('writes an overview paragraph, then one "## " section of "- " bullets per topic of the meeting', async () => {
    const { summary } = await summarizer.summarize(transcriptInput(sampleMeetingContent()));
    const { overview, sections } = parse(summary);
    expect(overview).not.toMatch(/^(#|- )/);
    expect(overview.length).toBeGreaterThan(40);
    const topical = sections.filter((s) => !/^## (Decisions|Action items|Key principles)$/.test(s.heading));
    expect(topical).toHaveLength(3);
    for (const section of sections) {
      expect(section.heading).toMatch(/^## \S/);
      expect(section.bullets.length).toBeGreaterThanOrEqual(1);
      for (const bullet of section.bullets) expect(bullet).toMatch(/^- \S/);
    }
    // The three topics of the sample, in the order they were discussed.
    expect(topical[0]?.heading).toMatch(/Pricing/);
    expect(topical[1]?.bullets.join(' ')).toMatch(/hiring|engineering|design/i);
    expect(topical[2]?.heading).toMatch(/Mobile/);
  });

  it('quotes the sources’ sentences without transcript timestamps or speaker labels, and skips acknowledgements', async () => {
    const { summary } = await summarizer.summarize(transcriptInput(sampleMeetingContent()));
    expect(summary).not.toMatch(/\[\d{2}:\d{2}:\d{2}\]/);
    expect(summary).not.toMatch(/Ada Lovelace:/);
    expect(summary).not.toMatch(/Sounds good|^- Okay/m);
    const sourceSentences = sampleMeetingContent().replace(/^\[[^\]]+\] [^:]+: /gm, '');
    for (const bullet of parse(summary).sections.flatMap((s) => s.bullets)) expect(sourceSentences).toContain(bullet.slice(2));
  });

  it('is deterministic: the same input gives the same output', async () => {
    const input = transcriptInput(sampleMeetingContent());
    const first = await summarizer.summarize(input);
    const again = await new ExtractiveSummarizer().summarize(structuredClone(input));
    expect(again).toEqual(first);
  });

  it('makes the digest a complete headline of at most 80 UTF-16 units quoted from the conversation, never cut with "…"', async () => {
    const { digest } = await summarizer.summarize(transcriptInput(sampleMeetingContent()));
    expect(digest.length).toBeLessThanOrEqual(DIGEST_MAX_LENGTH);
    expect(digest.length).toBeGreaterThan(20);
    expect(digest).not.toMatch(/…$/);
    expect(sampleMeetingContent()).toContain(digest);
  });

  it('keeps the digest within 80 units for text of astral characters', async () => {
    const emoji = '🎉 Launch party planning for the whole team 🎉 with cake and music and speeches for everyone who helped '.repeat(3);
    const { digest } = await summarizer.summarize({ title: null, sources: [{ type: 'text', title: null, content: emoji, participants: [] }] });
    expect(digest.length).toBeLessThanOrEqual(DIGEST_MAX_LENGTH);
    expect(digest).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('summarizes non-English text in its own words', async () => {
    const german = readFileSync(join(__dirname, '..', '..', 'fixtures', 'besprechung-de.txt'), 'utf8');
    const { summary, digest } = await summarizer.summarize({ title: null, sources: [{ type: 'file', title: 'besprechung.txt', content: german, participants: [] }] });
    expect(summary).toMatch(/Importdienst|Kunden|Grace/);
    expect(digest.length).toBeGreaterThan(0);
  });

  it('uses every source, and starts a new section where a new source starts', async () => {
    const notes = 'The security audit found two issues in the login flow. The login flow fix ships with the next release. The security audit report goes to the board in May. Security training is mandatory for new engineers. The audit covered the login flow and password resets. A second security audit follows in autumn. The login flow now rate-limits password attempts. Security reviews become part of every release.';
    const input: SummaryInput = {
      title: null,
      sources: [
        { type: 'transcript', title: null, content: sampleMeetingContent(), participants: [] },
        { type: 'document', title: 'Audit notes', content: notes, participants: [] },
      ],
    };
    const { sections } = parse((await summarizer.summarize(input)).summary);
    const topical = sections.filter((s) => !/^## (Decisions|Action items|Key principles)$/.test(s.heading));
    expect(topical.at(-1)?.heading).toMatch(/Security|Audit|Login/);
  });

  it('summarizes the text extracted from real PDF, DOCX and PPTX files in whole sentences', async () => {
    const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', name));
    const sources = await Promise.all(
      (
        [
          ['platform-review.pdf', 'pdf'],
          ['product-roadmap.docx', 'docx'],
          ['quarterly-review.pptx', 'pptx'],
        ] as const
      ).map(async ([name, kind]) => ({ type: 'file' as const, title: name, content: await extractText(fixture(name), kind), participants: [] })),
    );
    const { summary } = await summarizer.summarize({ title: 'Review pack', sources });
    expect(summary).toMatch(/The platform team reviewed the ingestion pipeline\.|Latency dropped by forty percent after the queue migration\./);
    expect(summary).not.toMatch(/reviewed the$/m);
    expect(parse(summary).sections.length).toBeGreaterThanOrEqual(1);
    // The first use of the PDF, DOCX and PPTX readers loads them: about a second alone, and past Jest's 5 s default
    // once (npm test on a fresh clone, beside browser tests on the 2-core machine).
  }, 30_000);

  it('gives a one-sentence text an overview alone', async () => {
    const { summary, digest } = await summarizer.summarize({ title: null, sources: [{ type: 'text', title: null, content: 'Remember to renew the domain before June.', participants: [] }] });
    expect(summary).toBe('Remember to renew the domain before June.');
    // A headline: the sentence, without its full stop.
    expect(digest).toBe('Remember to renew the domain before June');
  });

  it('ignores sources without content and refuses a conversation without any text as no_content', async () => {
    const withNull: SummaryInput = { title: 't', sources: [{ type: 'file', title: 'scan.pdf', content: null, participants: [] }, ...transcriptInput(sampleMeetingContent()).sources] };
    await expect(summarizer.summarize(withNull)).resolves.toMatchObject({ summary: expect.stringContaining('## ') });
    const none = summarizer.summarize({ title: 't', sources: [{ type: 'file', title: 'scan.pdf', content: null, participants: [] }, { type: 'text', title: null, content: '  \n ', participants: [] }] });
    await expect(none).rejects.toBeInstanceOf(SummarizerError);
    await expect(none).rejects.toMatchObject({ kind: 'no_content', retryable: false });
  });

  it('stops before working when the signal is already aborted', async () => {
    await expect(summarizer.summarize(transcriptInput(sampleMeetingContent()), AbortSignal.abort(new Error('shutting down')))).rejects.toThrow('shutting down');
  });

  it('never quotes a run-on sentence of more than 30 words as a bullet, so no bullet is cut', async () => {
    const long = `${'The migration plan covers the database, the queue, the cache and the search index in careful detail '.repeat(6).trim()}.`;
    const content = Array.from({ length: 12 }, (_, i) => (i === 5 ? long : `Short planning note number ${i} about the migration and the database.`)).join('\n');
    const { summary } = await summarizer.summarize({ title: null, sources: [{ type: 'document', title: null, content, participants: [] }] });
    expect(summary).not.toContain('careful detail The migration');
    expect(summary).not.toContain('…');
  });

  it('lists a long deciding sentence by its deciding clause, and leaves out one whose decision does not stand alone', async () => {
    const reasoning =
      'We went back and forth on the vendors for most of the afternoon, looking at the quotes, the support hours and the contracts, so we decided to keep the current hosting provider.';
    const tangled = 'So basically what we decided to do because of the thing with the other thing that came up last time was all of it more or less the way it was before in the old plan.';
    const lines = [
      'Ada: Welcome, this is the infrastructure review of the quarter.',
      'Grace: The hosting costs rose by a tenth since the spring.',
      `Ada: ${reasoning}`,
      'Grace: The database backups now run every night at two.',
      `Ada: ${tangled}`,
      'Grace: The monitoring dashboards need new owners after the reorganisation.',
      'Ada: The search cluster will get two more nodes before the holidays.',
      'Grace: Our support rota changes in January for the whole team.',
    ];
    const content = lines.map((line, i) => `[00:0${i}:00] ${line}`).join('\n');
    const { summary } = await summarizer.summarize(transcriptInput(content));
    const decisions = parse(summary).sections.find((s) => s.heading === '## Decisions')?.bullets ?? [];
    expect(decisions).toEqual(['- We decided to keep the current hosting provider.']);
  });

  it('quotes a finished spoken sentence rather than one broken off, though the broken one says more', async () => {
    const broken = 'The battery supplier for the remote control battery and the battery case that we liked best was the one that';
    const lines = [
      'Ada: The battery supplier offers a two year warranty on the battery.',
      'Grace: Yeah.',
      `Ada: ${broken}`,
      'Grace: Okay.',
      'Ada: The remote control case comes in three colours this year.',
      'Grace: Right.',
    ];
    const content = lines.map((line, i) => `[00:0${i}:00] ${line}`).join('\n');
    const summary = (await new ExtractiveSummarizer({ bulletsPerSection: 1 }).summarize(transcriptInput(content))).summary;
    const bullets = parse(summary).sections.flatMap((s) => s.bullets);
    expect(bullets).toContain('- The battery supplier offers a two year warranty on the battery.');
    expect(summary).not.toContain('the one that');
  });
});

describe('ExtractiveSummarizer on a long meeting', () => {
  // Fifty-odd lines: a welcome that says what the meeting is for and some small talk, then a discussion of the remote's parts whose
  // words recur throughout, so that on their scores alone the discussion's sentences would fill the overview.
  const parts = ['buttons', 'battery', 'case', 'screen', 'chip', 'speaker'];
  const materials = ['rubber', 'plastic', 'titanium', 'wood', 'latex', 'steel', 'glass'];
  const users = ['children', 'seniors', 'students', 'gamers', 'families'];
  const discussion = Array.from({ length: 42 }, (_, i) => {
    const line = `The remote ${parts[i % 6]} in ${materials[i % 7]} suits ${users[i % 5]} who like the ${parts[(i + 2) % 6]} in ${materials[(i + 3) % 7]}.`;
    return `[00:${String(10 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}] ${i % 2 === 0 ? 'Ada' : 'Tom'}: ${line}`;
  });
  const content = [
    '[00:00:00] Ada: Good morning everyone.',
    '[00:00:10] Ada: This is the kick-off meeting of the television remote project, to agree on its first design.',
    ...['Tom: Morning.', 'Ada: Can you all hear me?', 'Tom: Yes, loud and clear.', 'Ada: Good.', 'Tom: Shall I start?', 'Ada: Go ahead.', 'Tom: Right.', 'Ada: Thanks.'].map(
      (line, i) => `[00:00:${20 + i * 5}] ${line}`,
    ),
    ...discussion,
  ].join('\n');
  const input: SummaryInput = { title: null, sources: [{ type: 'transcript', title: null, content, participants: ['Ada', 'Tom'], language: 'en' }] };

  it('opens the overview, after who discussed what, with what the opening says the meeting is for', () => {
    const { overview } = parse(new ExtractiveSummarizer().summarizeNow(input).summary);
    expect(overview).toMatch(/^Ada and Tom discussed .+\. This is the kick-off meeting of the television remote project, to agree on its first design\./);
  });
});

describe('ExtractiveSummarizer on the planning meeting of issue 18', () => {
  const summarizer = new ExtractiveSummarizer();
  const planning: SummaryInput = { title: null, sources: [{ type: 'transcript', title: null, content: planningMeetingContent(), participants: ['Anna', 'Tom'], language: 'en' }] };
  const summarize = () => summarizer.summarizeNow(planning);

  it('recognises "Tom, please write the migration plan by Friday" as an action item owned by Tom, due "by Friday", said at 00:01:00', () => {
    const items = summarize().action_items ?? [];
    expect(items).toContainEqual({ text: 'write the migration plan', owner: 'Tom', due: 'by Friday', source: 0, start_seconds: 60 });
  });

  it('gives a first-person commitment to its speaker ("I\'ll also ask Priya…" is Tom\'s, Priya being no participant)', () => {
    const items = summarize().action_items ?? [];
    expect(items).toContainEqual(expect.objectContaining({ owner: 'Tom', text: 'ask Priya to review the billing data model before the migration' }));
    expect(items).toContainEqual(expect.objectContaining({ owner: 'Tom', due: 'next week' }));
  });

  it('lists the decisions (the launch moves to August 15, billing migrates in September) and the action items in their own sections', () => {
    const { sections } = parse(summarize().summary);
    const decisions = sections.find((s) => s.heading === '## Decisions');
    expect(decisions?.bullets.join('\n')).toMatch(/mobile launch moves to August 15/);
    expect(decisions?.bullets.join('\n')).toMatch(/Billing migrates in September/);
    const actions = sections.find((s) => s.heading === '## Action items');
    expect(actions?.bullets).toContain('- Tom: write the migration plan (by Friday)');
  });

  it('states the key principle said in the meeting', () => {
    const { sections } = parse(summarize().summary);
    expect(sections.find((s) => s.heading === '## Key principles')?.bullets.join(' ')).toMatch(/never migrate billing during a launch week/);
  });

  it('makes a complete digest of at most 80 characters from the decision, without "…"', () => {
    const { digest } = summarize();
    expect(digest).toBe('The mobile launch moves to August 15');
  });

  it('heads topical sections with a short phrase, not a keyword list', () => {
    const topical = parse(summarize().summary).sections.filter((s) => !/^## (Decisions|Action items|Key principles)$/.test(s.heading));
    expect(topical.length).toBeGreaterThanOrEqual(1);
    for (const section of topical) {
      expect(section.heading).not.toMatch(/·/);
      expect(section.heading.slice(3).split(' ').length).toBeLessThanOrEqual(4);
    }
  });

  it('attributes a bullet where the speaker speaks for themselves, and opens with who discussed what', () => {
    const { summary } = summarize();
    expect(summary).not.toMatch(/^- I'll/m);
    expect(parse(summary).overview).toMatch(/^Anna and Tom discussed /);
  });
});
