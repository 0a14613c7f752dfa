import { unzipSync } from 'fflate';
import { UPLOAD_EXTENSIONS, UPLOAD_MEDIA_TYPES, type UploadKind } from './upload-kind';
import { UPLOAD_MAX_BYTES } from '@cs/domain';

export type SniffError = 'empty' | 'too_large' | 'unsupported_type' | 'content_mismatch';
export type SniffResult = { kind: UploadKind } | { error: SniffError; detail: string };

/** What the bytes themselves say they are. */
type ContentKind = 'pdf' | 'docx' | 'pptx' | 'text' | { other: string };

/** Types that say nothing about the content: what curl and many browsers send for any file. */
const GENERIC_MEDIA_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-binary']);

const CONTENT_TYPES_PART = '[Content_Types].xml';
const DOCX_MAIN = /application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\.main\+xml/;
const PPTX_MAIN = /application\/vnd\.openxmlformats-officedocument\.presentationml\.presentation\.main\+xml/;

/**
 * Decides what an upload is from its name, its declared media type and, above all, its bytes.
 *
 * Rules (ours; the spec only lists the formats):
 * - 0 bytes is `empty`; more than UPLOAD_MAX_BYTES is `too_large`.
 * - The expected kind comes from the file name's extension; when the extension is missing or unknown, from
 *   the declared media type. Neither known: `unsupported_type`. A generic declared type
 *   (`application/octet-stream`) or one we do not know is ignored when the extension is known, but a known
 *   type naming another kind than the extension (`report.pdf` sent as a DOCX type) is `content_mismatch`.
 * - The bytes must be what the kind says: a PDF has `%PDF-` in its first 1024 bytes (ISO 32000 lets a header
 *   sit after leading junk), a DOCX or PPTX is a zip whose `[Content_Types].xml` declares the
 *   WordprocessingML or PresentationML main part, txt and md are valid UTF-8 without NUL bytes. Otherwise
 *   `content_mismatch`, naming what the bytes look like ("a PNG image").
 * A PDF whose body is damaged still passes here: extraction then yields null and the conversation is ready.
 */
export function sniffUpload(bytes: Uint8Array, filename: string, declaredType?: string): SniffResult {
  if (bytes.length === 0) return { error: 'empty', detail: 'the file is empty (0 bytes)' };
  if (bytes.length > UPLOAD_MAX_BYTES) return { error: 'too_large', detail: `the file is ${bytes.length} bytes; the limit is ${UPLOAD_MAX_BYTES} bytes` };

  const extension = /\.([^./\\]+)$/.exec(filename.trim())?.[1]?.toLowerCase() ?? '';
  const mediaType = (declaredType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  const byExtension = Object.hasOwn(UPLOAD_EXTENSIONS, extension) ? UPLOAD_EXTENSIONS[extension] : undefined;
  const byMediaType = Object.hasOwn(UPLOAD_MEDIA_TYPES, mediaType) ? UPLOAD_MEDIA_TYPES[mediaType] : undefined;
  const expected = byExtension ?? byMediaType;
  if (expected === undefined) {
    const what = [extension && `extension .${extension}`, !GENERIC_MEDIA_TYPES.has(mediaType) && `type ${mediaType}`].filter(Boolean).join(' and ');
    return { error: 'unsupported_type', detail: `${what || 'a file without extension or type'} is not supported; upload PDF, DOCX, PPTX, TXT or MD` };
  }
  if (byExtension !== undefined && byMediaType !== undefined && !sameFamily(byExtension, byMediaType)) {
    return { error: 'content_mismatch', detail: `the name says .${extension} but the declared type is ${mediaType}` };
  }

  const content = contentKind(bytes);
  const matches = expected === 'txt' || expected === 'md' ? content === 'text' : content === expected;
  if (!matches) return { error: 'content_mismatch', detail: `expected ${describeKind(expected)} but the content is ${describeContent(content)}` };
  return { kind: expected };
}

/** txt and md are both plain text: a Markdown file sent as text/plain is fine. */
function sameFamily(a: UploadKind, b: UploadKind): boolean {
  const family = (k: UploadKind) => (k === 'md' ? 'txt' : k);
  return family(a) === family(b);
}

function contentKind(bytes: Uint8Array): ContentKind {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  if (head.includes('%PDF-', 0, 'latin1')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeKind(bytes);
  const magic = magicName(bytes);
  if (magic) return { other: magic };
  return isPlainText(bytes) ? 'text' : { other: 'binary data' };
}

function officeKind(bytes: Uint8Array): ContentKind {
  let manifest: Uint8Array | undefined;
  try {
    // Only the manifest is inflated, and only when it claims a sane size: the rest may be a zip bomb.
    manifest = unzipSync(bytes, { filter: (file) => file.name === CONTENT_TYPES_PART && file.originalSize < 1024 * 1024 })[CONTENT_TYPES_PART];
  } catch {
    return { other: 'a damaged zip archive' };
  }
  if (!manifest) return { other: 'a zip archive that is not an Office document' };
  const xml = Buffer.from(manifest).toString('utf8');
  if (DOCX_MAIN.test(xml)) return 'docx';
  if (PPTX_MAIN.test(xml)) return 'pptx';
  return { other: 'an Office document of another kind' };
}

const MAGIC: Array<[number[], string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'a legacy Office (OLE2) file'],
  [[0x1f, 0x8b], 'gzip data'],
  [[0x7f, 0x45, 0x4c, 0x46], 'an executable (ELF)'],
  [[0x4d, 0x5a], 'an executable (PE)'],
  [[0x52, 0x49, 0x46, 0x46], 'a RIFF media file'],
];

function magicName(bytes: Uint8Array): string | null {
  for (const [signature, name] of MAGIC) if (startsWith(bytes, signature)) return name;
  return null;
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function describeKind(kind: UploadKind): string {
  return kind === 'txt' || kind === 'md' ? 'UTF-8 text' : `a ${kind.toUpperCase()} file`;
}

function describeContent(content: ContentKind): string {
  if (typeof content === 'object') return content.other;
  return content === 'text' ? 'plain text' : `a ${content.toUpperCase()} file`;
}
