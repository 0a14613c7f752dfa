import { VISIBILITIES } from '@cs/domain';
import { z } from 'zod';

/** Field rules shared by the write payloads; the limits are documented in the OpenAPI document. */
export const LIMITS = {
  title: 500,
  folderName: 200,
  tagName: 100,
  tagDescription: 1000,
  tagsPerConversation: 50,
  sourcesPerRequest: 20,
  sourcesPerConversation: 50,
  segmentsPerTranscript: 20_000,
  segmentText: 10_000,
  speaker: 200,
  textContent: 1_000_000,
  attendees: 500,
  url: 2048,
  /** A day: no recording is longer. */
  maxSeconds: 86_400,
} as const;

const noControlCharacters = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

export const nameField = (max: number) =>
  z
    .string({ invalid_type_error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine(noControlCharacters, 'must not contain control characters');

export const idField = z.string({ invalid_type_error: 'must be a string' }).min(1, 'must not be empty').max(100, 'must be at most 100 characters');

export const visibilityField = z.enum(VISIBILITIES, { errorMap: () => ({ message: `must be one of ${VISIBILITIES.join(', ')}` }) });

export const dateTimeField = z
  .string({ invalid_type_error: 'must be a string' })
  .datetime({ offset: true, message: 'must be an RFC 3339 date-time with a time zone' });

export const colorField = z
  .string({ invalid_type_error: 'must be a string' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #2f80ed')
  .transform((v) => v.toLowerCase());

/** Meeting join URLs: absolute https URLs (every meeting platform serves its links over TLS). */
export const meetingUrlField = z
  .string({ invalid_type_error: 'must be a string' })
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must be an absolute https URL without credentials');
