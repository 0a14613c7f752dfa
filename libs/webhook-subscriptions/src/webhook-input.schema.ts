import { EVENT_TYPES, type EventType } from '@cs/domain';
import { z } from 'zod';

/** Limits of a subscription, enforced here and by the schema's CHECK constraints (migration 1764100000000). */
export const WEBHOOK_LIMITS = { url: 2048, description: 500 } as const;

const noControlCharacters = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

/**
 * Why a URL cannot be a webhook endpoint, or null when it can. https is required in production (issue 5 "Safety");
 * credentials in the URL are refused because the log shows the URL to every admin and they would leak there.
 * Private and loopback targets are refused at delivery time, after DNS resolution, not here.
 */
export function endpointUrlProblem(value: string, requireHttps: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an absolute http(s) URL';
  if (requireHttps && url.protocol !== 'https:') return 'must be an https URL';
  if (url.hostname === '') return 'must name a host';
  if (url.username !== '' || url.password !== '') return 'must not contain credentials';
  return null;
}

const urlField = (requireHttps: boolean) =>
  z
    .string({ invalid_type_error: 'must be a string', required_error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(WEBHOOK_LIMITS.url, `must be at most ${WEBHOOK_LIMITS.url} characters`)
    .superRefine((value, ctx) => {
      const problem = endpointUrlProblem(value, requireHttps);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });

/** A non-empty set of known event types, kept in catalog order so equal selections are stored equally. */
const eventsField = z
  .array(z.string({ invalid_type_error: 'must be a string' }), { invalid_type_error: 'must be an array of event types', required_error: 'is required' })
  .min(1, 'must name at least one event type')
  .max(20, 'must name at most 20 event types')
  .superRefine((values, ctx) => {
    values.forEach((value, i) => {
      if (!(EVENT_TYPES as readonly string[]).includes(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i], message: `must be one of ${EVENT_TYPES.join(', ')}` });
      }
    });
  })
  .transform((values) => EVENT_TYPES.filter((type) => values.includes(type)) as EventType[]);

const descriptionField = z
  .string({ invalid_type_error: 'must be a string' })
  .trim()
  .max(WEBHOOK_LIMITS.description, `must be at most ${WEBHOOK_LIMITS.description} characters`)
  .refine(noControlCharacters, 'must not contain control characters')
  .nullable()
  // An empty description is no description.
  .transform((value) => (value ? value : null));

export const createWebhookInput = (requireHttps: boolean) =>
  z.object({ url: urlField(requireHttps), events: eventsField, description: descriptionField.optional() }).strict();

export const updateWebhookInput = (requireHttps: boolean) =>
  z
    .object({
      url: urlField(requireHttps).optional(),
      events: eventsField.optional(),
      description: descriptionField.optional(),
      enabled: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
    })
    .strict();

export type CreateWebhookInput = z.output<ReturnType<typeof createWebhookInput>>;
export type UpdateWebhookInput = z.output<ReturnType<typeof updateWebhookInput>>;
