import { EVENT_TYPES, type EventType } from '@cs/domain';
import { atMost, CONTROL_CHARACTERS_REASON, dateTimeField, listOf, mustBeAString, noControlCharacters, NOT_EMPTY, typeError } from '@cs/writes';
import { z } from 'zod/v4';

/** Limits of a subscription, enforced here and by the schema's CHECK constraints (migration 1764100000000). */
export const WEBHOOK_LIMITS = { url: 2048, description: 500, events: 20, ratePerSecond: 1000 } as const;

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

export const WEBHOOK_URL_DESCRIPTION =
  `Endpoint that receives the events: an absolute http or https URL (https only in production), at most ${WEBHOOK_LIMITS.url} ` +
  'characters, without credentials. Targets that resolve to private, loopback or link-local addresses are refused when delivering.';

const urlField = (requireHttps: boolean) =>
  mustBeAString('is required')
    .trim()
    .min(1, NOT_EMPTY)
    .max(WEBHOOK_LIMITS.url, atMost(WEBHOOK_LIMITS.url))
    .superRefine((value, ctx) => {
      const problem = endpointUrlProblem(value, requireHttps);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ format: 'uri', description: WEBHOOK_URL_DESCRIPTION });

export const UNKNOWN_EVENT_TYPE_REASON = 'must be an event type that GET /api/v1/event-types lists';

export const EVENTS_DESCRIPTION = 'Event types to receive; at least one. Stored without duplicates, in the order of the event catalog.';

/** A non-empty set of known event types, kept in catalog order so equal selections are stored equally. */
const eventsField = listOf(mustBeAString().meta({ enum: [...EVENT_TYPES] }), {
  error: typeError('must be an array of event types', 'is required'),
  min: { value: 1, error: 'must name at least one event type' },
  max: { value: WEBHOOK_LIMITS.events, error: `must name at most ${WEBHOOK_LIMITS.events} event types` },
})
  .superRefine((values, ctx) => {
    values.forEach((value, i) => {
      if (!(EVENT_TYPES as readonly string[]).includes(value)) {
        ctx.addIssue({ code: 'custom', path: [i], message: UNKNOWN_EVENT_TYPE_REASON });
      }
    });
  })
  .transform((values) => EVENT_TYPES.filter((type) => values.includes(type)) as EventType[])
  .meta({ description: EVENTS_DESCRIPTION });

const descriptionField = (description: string) =>
  mustBeAString()
    .trim()
    .max(WEBHOOK_LIMITS.description, atMost(WEBHOOK_LIMITS.description))
    .refine(noControlCharacters, { error: CONTROL_CHARACTERS_REASON })
    .nullable()
    // An empty description is no description.
    .transform((value) => (value ? value : null))
    .meta({ description });

export const RATE_LIMIT_DESCRIPTION =
  `Requests per second this endpoint accepts (1 to ${WEBHOOK_LIMITS.ratePerSecond}), honoured across every worker replica; deliveries ` +
  'beyond it wait their turn and are never dropped. null: no limit.';

const rateLimitField = z
  .number({ error: typeError('must be an integer or null') })
  // Not z.int(): a fraction out of range gets both reasons in one answer.
  .refine(Number.isInteger, { error: 'must be an integer' })
  .min(1, { error: 'must be at least 1' })
  .max(WEBHOOK_LIMITS.ratePerSecond, { error: `must be at most ${WEBHOOK_LIMITS.ratePerSecond}` })
  .meta({ type: 'integer' })
  .nullable()
  .meta({ description: RATE_LIMIT_DESCRIPTION });

export const createWebhookInput = (requireHttps: boolean) =>
  z
    .strictObject({
      url: urlField(requireHttps),
      events: eventsField,
      description: descriptionField(`What it is for, at most ${WEBHOOK_LIMITS.description} characters.`).optional(),
      rate_limit_per_second: rateLimitField.optional(),
    })
    .meta({ description: 'A new webhook subscription.' });

export const updateWebhookInput = (requireHttps: boolean) =>
  z
    .strictObject({
      url: urlField(requireHttps).optional(),
      events: eventsField.optional(),
      description: descriptionField('What it is for; null or an empty string clears it.').optional(),
      enabled: z.boolean({ error: typeError('must be true or false') }).optional().meta({ description: 'Turn delivery of new events on or off.' }),
      rate_limit_per_second: rateLimitField.optional(),
    })
    .meta({
      description:
        'Fields to change; absent fields stay. `enabled: false` turns it off (`disabled_reason: manual`); `enabled: true` turns it back on ' +
        'and clears `disabled_reason` and `failing_since`, also after it was turned off for failing.',
    });

export const RecoverWebhookInputSchema = z
  .strictObject({
    since: dateTimeField('Resend what failed from this time on; not in the future.').refine((value) => Date.parse(value) <= Date.now(), {
      error: 'must not be in the future',
    }),
  })
  .meta({ description: 'Which failed deliveries to send again.' });

export type CreateWebhookInput = z.output<ReturnType<typeof createWebhookInput>>;
export type UpdateWebhookInput = z.output<ReturnType<typeof updateWebhookInput>>;
export type RecoverWebhookInput = z.output<typeof RecoverWebhookInputSchema>;
