import { zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sniffUpload } from './sniff-upload';
import { UPLOAD_MAX_BYTES } from '@cs/domain';

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', name));
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('sniffUpload', () => {
  it.each([
    ['platform-review.pdf', 'application/pdf', 'pdf'],
    ['platform-review.pdf', undefined, 'pdf'],
    ['product-roadmap.docx', DOCX_TYPE, 'docx'],
    ['quarterly-review.pptx', 'application/octet-stream', 'pptx'],
    ['besprechung-de.txt', 'text/plain; charset=utf-8', 'txt'],
    ['notas-es.md', 'text/markdown', 'md'],
    ['notas-es.md', 'text/plain', 'md'],
  ])('accepts %s declared as %s', (name, type, kind) => {
    expect(sniffUpload(fixture(name), name, type)).toEqual({ kind });
  });

  it('accepts a damaged PDF whose header is right (extraction decides later)', () => {
    expect(sniffUpload(fixture('corrupt.pdf'), 'corrupt.pdf')).toEqual({ kind: 'pdf' });
  });

  it('takes the kind from the declared type when the name has no known extension', () => {
    expect(sniffUpload(fixture('product-roadmap.docx'), 'blob', DOCX_TYPE)).toEqual({ kind: 'docx' });
  });

  it('is case-insensitive about extensions', () => {
    expect(sniffUpload(fixture('platform-review.pdf'), 'REPORT.PDF')).toEqual({ kind: 'pdf' });
  });

  it('rejects a 0-byte file as empty', () => {
    expect(sniffUpload(fixture('empty.pdf'), 'empty.pdf', 'application/pdf')).toMatchObject({ error: 'empty' });
  });

  it('rejects a file over UPLOAD_MAX_BYTES as too_large', () => {
    expect(sniffUpload(Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x41), 'big.txt')).toMatchObject({ error: 'too_large' });
  });

  it('calls a PNG named .pdf a content_mismatch and names what it is', () => {
    expect(sniffUpload(fixture('image-named.pdf'), 'image-named.pdf', 'application/pdf')).toEqual({
      error: 'content_mismatch',
      detail: 'expected a PDF file but the content is a PNG image',
    });
  });

  it('calls plain text named .pdf a content_mismatch', () => {
    expect(sniffUpload(fixture('text-named.pdf'), 'text-named.pdf')).toEqual({ error: 'content_mismatch', detail: 'expected a PDF file but the content is plain text' });
  });

  it('tells a DOCX from a PPTX by the zip manifest', () => {
    expect(sniffUpload(fixture('product-roadmap.docx'), 'deck.pptx')).toEqual({ error: 'content_mismatch', detail: 'expected a PPTX file but the content is a DOCX file' });
    expect(sniffUpload(fixture('quarterly-review.pptx'), 'notes.docx')).toMatchObject({ error: 'content_mismatch' });
  });

  it('refuses a zip that is not an Office document, and a damaged zip', () => {
    const zip = zipSync({ 'readme.txt': Buffer.from('hello') });
    expect(sniffUpload(zip, 'notes.docx')).toEqual({ error: 'content_mismatch', detail: 'expected a DOCX file but the content is a zip archive that is not an Office document' });
    expect(sniffUpload(fixture('product-roadmap.docx').subarray(0, 100), 'notes.docx')).toMatchObject({ error: 'content_mismatch' });
  });

  it('refuses binary data or invalid UTF-8 as text', () => {
    expect(sniffUpload(Buffer.from('abc\u0000def'), 'notes.txt')).toMatchObject({ error: 'content_mismatch' });
    expect(sniffUpload(Buffer.from([0x48, 0x69, 0xff, 0xfe]), 'notes.md')).toMatchObject({ error: 'content_mismatch' });
    expect(sniffUpload(fixture('image-named.pdf'), 'notes.txt')).toMatchObject({ error: 'content_mismatch', detail: 'expected UTF-8 text but the content is a PNG image' });
  });

  it('rejects unsupported extensions and types', () => {
    expect(sniffUpload(Buffer.from('x'), 'photo.png', 'image/png')).toEqual({
      error: 'unsupported_type',
      detail: 'extension .png and type image/png is not supported; upload PDF, DOCX, PPTX, TXT or MD',
    });
    expect(sniffUpload(Buffer.from('x'), 'noextension')).toMatchObject({ error: 'unsupported_type' });
    expect(sniffUpload(Buffer.from('x'), 'legacy.doc', 'application/msword')).toMatchObject({ error: 'unsupported_type' });
  });

  it('flags a name and a declared type that name different kinds', () => {
    expect(sniffUpload(fixture('platform-review.pdf'), 'report.pdf', DOCX_TYPE)).toMatchObject({ error: 'content_mismatch' });
  });

  it('does not let a file name like "constructor" reach Object.prototype', () => {
    expect(sniffUpload(Buffer.from('x'), 'file.constructor', 'toString')).toMatchObject({ error: 'unsupported_type' });
  });
});
