import { createHash } from 'node:crypto';
import { DomainError, invalidParameters, UPLOAD_MAX_BYTES } from '@cs/domain';
import { sniffUpload } from '@cs/processing';
import { LIMITS, parseBody, UploadFieldsSchema, type UploadInput } from '@cs/writes';

/** What multer (memory storage) hands over for the `file` part. */
export interface UploadedFile {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

/** Multer's limits for POST /conversations/{id}/sources: one file, a title, nothing else. */
export const UPLOAD_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 4 * LIMITS.title };

/**
 * Checks an uploaded file against its name and declared type (a `.pdf` that is not a PDF is refused) and returns
 * the `file` source to store, with a fingerprint of the request for the Idempotency-Key.
 */
export function readUpload(file: UploadedFile | undefined, fields: Record<string, unknown>): { upload: UploadInput; fingerprint: unknown } {
  const { title } = parseBody(UploadFieldsSchema, fields);
  if (!file) throw invalidParameters([{ name: 'file', reason: 'is required: send the file as the multipart part named file' }]);
  // Multer decodes part file names as latin1; browsers and curl send UTF-8.
  const name = Buffer.from(file.originalname, 'latin1').toString('utf8').slice(0, 255) || 'upload';
  const sniffed = sniffUpload(file.buffer, name, file.mimetype);
  if ('error' in sniffed) {
    if (sniffed.error === 'too_large') throw new DomainError('payload_too_large', `The file is too large: ${sniffed.detail}.`);
    if (sniffed.error === 'unsupported_type') throw new DomainError('unsupported_media_type', `The file type is not supported: ${sniffed.detail}.`);
    throw invalidParameters([{ name: 'file', reason: sniffed.detail }]);
  }
  const digest = createHash('sha256').update(file.buffer).digest('hex');
  const upload: UploadInput = { type: 'file', title: title ?? name, name, kind: sniffed.kind, bytes: file.buffer };
  return { upload, fingerprint: { file: digest, name, title: upload.title } };
}
