import { zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractText } from './extract-text';

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', name));

describe('extractText', () => {
  it('reads every page of a multi-page PDF, in order, pages separated by a blank line', async () => {
    const text = await extractText(fixture('platform-review.pdf'), 'pdf');
    expect(text).not.toBeNull();
    const review = (text as string).indexOf('Platform review');
    const decisions = (text as string).indexOf('Decisions');
    const next = (text as string).indexOf('Next steps');
    expect(review).toBeGreaterThanOrEqual(0);
    expect(decisions).toBeGreaterThan(review);
    expect(next).toBeGreaterThan(decisions);
    expect(text).toContain('Latency dropped by forty percent');
    expect(text).toContain('Ada will measure the new pipeline');
    expect((text as string).split('\n\n')).toHaveLength(3);
  });

  it('returns null for a corrupt PDF instead of throwing', async () => {
    await expect(extractText(fixture('corrupt.pdf'), 'pdf')).resolves.toBeNull();
  });

  it('returns null when a PNG is extracted as a PDF', async () => {
    await expect(extractText(fixture('image-named.pdf'), 'pdf')).resolves.toBeNull();
  });

  it('leaves the caller’s buffer usable (PDF.js works on a copy)', async () => {
    const bytes = fixture('platform-review.pdf');
    await extractText(bytes, 'pdf');
    expect(bytes.length).toBe(readFileSync(join(__dirname, '..', '..', 'fixtures', 'platform-review.pdf')).length);
    await expect(extractText(bytes, 'pdf')).resolves.toContain('Platform review');
  });

  it('reads the headings, paragraphs and table cells of a DOCX', async () => {
    const text = (await extractText(fixture('product-roadmap.docx'), 'docx')) as string;
    expect(text).toContain('Product roadmap');
    expect(text).toContain('This document lists the milestones agreed for the next two quarters.');
    for (const cell of ['Milestone', 'Search relaunch', 'Ada Lovelace', 'Billing migration', 'June']) expect(text).toContain(cell);
    expect(text.indexOf('Milestones')).toBeLessThan(text.indexOf('Search relaunch'));
    expect(text.indexOf('Search relaunch')).toBeLessThan(text.indexOf('Risks'));
  });

  it('reads the slides of a PPTX in presentation order, one paragraph per line', async () => {
    const text = (await extractText(fixture('quarterly-review.pptx'), 'pptx')) as string;
    const slides = text.split('\n\n');
    expect(slides).toEqual([
      'Quarterly business review\nAcme Product, second quarter',
      'Revenue\nRevenue grew twelve percent quarter over quarter.\nChurn fell below two percent.',
      'Hiring\nFour engineers joined the platform team.',
      'Next quarter\nLaunch the mobile app.\nOpen the European data centre.',
    ]);
  });

  it('follows p:sldIdLst, not the part names, for slide order', async () => {
    const slide = (text: string) =>
      Buffer.from(`<?xml version="1.0"?><p:sld xmlns:a="a" xmlns:p="p"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`);
    const deck = zipSync({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'ppt/presentation.xml': Buffer.from('<p:presentation xmlns:p="p" xmlns:r="r"><p:sldIdLst><p:sldId id="256" r:id="rId9"/><p:sldId id="257" r:id="rId2"/></p:sldIdLst></p:presentation>'),
      'ppt/_rels/presentation.xml.rels': Buffer.from('<Relationships><Relationship Id="rId2" Target="slides/slide1.xml"/><Relationship Id="rId9" Target="slides/slide2.xml"/></Relationships>'),
      'ppt/slides/slide1.xml': slide('second'),
      'ppt/slides/slide2.xml': slide('first &amp; foremost'),
    });
    await expect(extractText(deck, 'pptx')).resolves.toBe('first & foremost\n\nsecond');
  });

  it('returns null for a damaged DOCX or PPTX', async () => {
    const truncated = fixture('quarterly-review.pptx').subarray(0, 2000);
    await expect(extractText(truncated, 'pptx')).resolves.toBeNull();
    await expect(extractText(fixture('product-roadmap.docx').subarray(0, 2000), 'docx')).resolves.toBeNull();
    await expect(extractText(fixture('product-roadmap.docx'), 'pptx')).resolves.toBeNull();
  });

  it('decodes UTF-8 text and Markdown, dropping a BOM and normalising line ends', async () => {
    await expect(extractText(fixture('besprechung-de.txt'), 'txt')).resolves.toMatch(/^Besprechung des Plattformteams\n\nWir haben beschlossen, den alten Importdienst im März abzuschalten\./);
    await expect(extractText(Buffer.from('\uFEFFline one\r\nline two\r\n\r\n\r\n\r\nend'), 'md')).resolves.toBe('line one\nline two\n\nend');
  });

  it('refuses an unknown kind (a media type passed by mistake) loudly instead of returning null', async () => {
    await expect(extractText(fixture('platform-review.pdf'), 'application/pdf' as never)).rejects.toThrow(TypeError);
  });

  it('returns null when a file holds no text at all', async () => {
    await expect(extractText(Buffer.from(' \n\t\n'), 'txt')).resolves.toBeNull();
  });
});
