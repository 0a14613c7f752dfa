import type Mammoth from 'mammoth';
import { dirname, join } from 'node:path';
import { definePDFJSModule, extractText as extractPdfText, getDocumentProxy } from 'unpdf';
import type * as PptxText from './pptx-text';
import { UPLOAD_KINDS, type UploadKind } from './upload-kind';

/**
 * Plain text of an upload, or null when nothing could be read from it: a damaged file, a scanned PDF without
 * a text layer, an empty document. Never throws for a bad file (the spec: content "may be null if extraction
 * failed", and the conversation still becomes ready); only a kind outside UPLOAD_KINDS, a programming error
 * (e.g. a media type where the kind was meant: map it with UPLOAD_MEDIA_TYPES), throws a TypeError. Layout is reduced to lines and blank-line-separated
 * blocks: PDF pages and PPTX slides are separated by a blank line, DOCX paragraphs (headings and table
 * cells included) by a blank line as mammoth renders them.
 */
export async function extractText(bytes: Uint8Array, kind: UploadKind): Promise<string | null> {
  // The kind comes back from storage as a string: a media type passed by mistake must not look like a bad file.
  if (!UPLOAD_KINDS.includes(kind)) throw new TypeError(`extractText: unknown upload kind "${kind}" (expected one of ${UPLOAD_KINDS.join(', ')})`);
  try {
    return normalizeExtracted(await rawText(bytes, kind));
  } catch {
    // The parsers throw on anything malformed, truncated or encrypted. The contract's answer to such a file is a
    // source whose content is null (spec "Source"), and the conversation still becomes ready: null is that answer.
    return null;
  }
}

async function rawText(bytes: Uint8Array, kind: UploadKind): Promise<string> {
  switch (kind) {
    case 'pdf':
      return pdfText(bytes);
    case 'docx':
      return (await loadOnFirstUse<typeof Mammoth>('mammoth').extractRawText({ buffer: Buffer.from(bytes) })).value;
    case 'pptx':
      return loadOnFirstUse<typeof PptxText>('./pptx-text').pptxText(bytes);
    case 'txt':
    case 'md':
      // Checked to be UTF-8 by sniffUpload; a stray invalid sequence becomes U+FFFD rather than failing.
      return new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  }
}

/**
 * The extractors' libraries (mammoth, the PPTX unzipper and XML parser) are required when a file of their kind
 * first comes, not imported: the api loads this library for sniffUpload only, and their heap made every full
 * garbage collection of the api dearer (see `npm run bench -- rest-read`, the transcript retrieve).
 */
function loadOnFirstUse<T>(id: 'mammoth' | './pptx-text'): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- on purpose, see above
  return require(id) as T;
}

let pdfjsReady: Promise<void> | null = null;

/**
 * unpdf loads its bundled, serverless PDF.js with a dynamic import(), which Jest's CommonJS runtime cannot
 * run; Node 24 require()s the very same ES module file, which works in both.
 */
function loadPdfjs(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- require(esm) on purpose, see above
  pdfjsReady ??= definePDFJSModule(() => Promise.resolve(require(join(dirname(require.resolve('unpdf')), 'pdfjs.mjs'))));
  return pdfjsReady;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  await loadPdfjs();
  // PDF.js takes ownership of (detaches) the buffer it is given: hand it a copy. verbosity 0: errors only.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { text } = await extractPdfText(document, { mergePages: false });
    return text.join('\n\n');
  } finally {
    await document.destroy();
  }
}

function normalizeExtracted(text: string): string | null {
  const normalized = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\u0000/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return normalized === '' ? null : normalized;
}
