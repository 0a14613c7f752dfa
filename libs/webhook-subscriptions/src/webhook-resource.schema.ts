import { prefixedId, timestamp } from '@cs/domain';
import { listEnvelope } from '@cs/paging';
import { EVENT_TYPES } from '@cs/domain';
import { z } from 'zod/v4';
import { TEST_EVENT_TYPE } from './test-event-type';
import { EVENTS_DESCRIPTION, RATE_LIMIT_DESCRIPTION, WEBHOOK_LIMITS, WEBHOOK_URL_DESCRIPTION } from './webhook-input.schema';

/**
 * The webhook resources as the API and the pages show them, written once: their TypeScript types are derived from
 * these (webhook.resource.ts) and OpenAPI's components are generated from them. Objects are strict, as the catalog's.
 */

const nullableTimestamp = (description: string) => z.string().meta({ format: 'date-time' }).nullable().meta({ description });
const stringMap = () => z.record(z.string(), z.string());

/** Why a webhook is off: an admin turned it off, it kept failing, or it answered 410 Gone. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing', 'gone'] as const;

const webhookFields = {
  id: prefixedId('webhook', 'Webhook id.'),
  owner_id: prefixedId(
    'user',
    'The admin who created it and owns it: it delivers events about the conversations they can see, and only they may change it, read ' +
      'its delivery log or send it anything; any admin may turn it off or on and delete it.',
  ),
  url: z.string().min(1).max(WEBHOOK_LIMITS.url).meta({ format: 'uri', description: WEBHOOK_URL_DESCRIPTION }),
  events: z.array(z.enum(EVENT_TYPES)).min(1).meta({ description: EVENTS_DESCRIPTION }),
  description: z.string().max(WEBHOOK_LIMITS.description).nullable().meta({ description: 'What the webhook is for; null when not set.' }),
  enabled: z.boolean().meta({ description: 'Whether new events are delivered.' }),
  disabled_reason: z
    .enum(WEBHOOK_DISABLED_REASONS)
    .nullable()
    .meta({
      description:
        '`manual`: an admin turned it off; `failing`: it kept failing and was turned off; `gone`: it answered 410 Gone and was turned off ' +
        'at once (Standard Webhooks); null while enabled.',
    }),
  rate_limit_per_second: z.int().min(1).max(WEBHOOK_LIMITS.ratePerSecond).nullable().meta({ description: RATE_LIMIT_DESCRIPTION }),
  failing_since: nullableTimestamp('Start of the current run of failed attempts; null once an attempt succeeds.'),
  previous_secret_expires_at: nullableTimestamp(
    'After a secret rotation, until when the previous secret still signs beside the new one (24 hours); null otherwise.',
  ),
  created_at: timestamp('When the webhook was created.'),
  updated_at: timestamp('When it was last changed.'),
};

export const WebhookSchema = z
  .strictObject(webhookFields)
  .meta({ description: 'A webhook subscription. The signing secret is shown only when the webhook is created and when it is rotated.' });

/** The answer of create and rotate-secret: the only places the secret is shown. */
export const WebhookWithSecretSchema = z
  .strictObject({
    ...webhookFields,
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
      .meta({ description: 'Signing secret (Standard Webhooks): `whsec_` + base64 of the HMAC-SHA256 key.' }),
  })
  .meta({ description: 'A webhook with its signing secret, shown here only: store it to verify signatures.' });

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const DELIVERY_ORIGINS = ['event', 'redelivery', 'test'] as const;

const deliveryFields = {
  id: prefixedId('delivery', 'Delivery id.'),
  webhook_id: prefixedId('webhook', 'The webhook.'),
  event_id: prefixedId('event', 'The event id, sent as the `webhook-id` header: the same on every attempt and on redeliveries, for de-duplication.'),
  event_type: z.string().meta({ description: `Event type; \`${TEST_EVENT_TYPE}\` for a test event.` }),
  origin: z
    .enum(DELIVERY_ORIGINS)
    .meta({ description: '`event`: the event happened; `redelivery`: an admin asked to send it again; `test`: Send test event.' }),
  status: z.enum(DELIVERY_STATUSES).meta({ description: '`pending` while attempts remain; `failed` after the last failed attempt.' }),
  attempt_count: z.int().min(0).meta({ description: 'Attempts made so far.' }),
  next_attempt_at: nullableTimestamp('When the next attempt is due, while pending.'),
  created_at: timestamp('When the delivery was created.'),
  completed_at: nullableTimestamp('When it succeeded or finally failed.'),
  last_response_status: z
    .int()
    .nullable()
    .meta({ description: 'HTTP status of the latest attempt; null when none came back or nothing was tried yet.' }),
  last_error_kind: z
    .string()
    .nullable()
    .meta({ description: 'Why the latest attempt failed (see WebhookAttempt.error_kind); null on success or before any attempt.' }),
};

export const WebhookDeliverySchema = z
  .strictObject(deliveryFields)
  .meta({ description: 'One delivery of an event to a webhook (an entry of its delivery log).' });

export const ATTEMPT_ERROR_KINDS = ['timeout', 'connection_refused', 'dns', 'tls', 'blocked_target', 'redirect', 'http_status', 'network'] as const;

export const WebhookAttemptSchema = z
  .strictObject({
    attempt: z.int().min(1).meta({ description: 'Attempt number, from 1.' }),
    started_at: timestamp('When the request started.'),
    duration_ms: z.int().min(0).meta({ description: 'Until the answer or the failure.' }),
    request_url: z.string().meta({ description: 'Where it was sent.' }),
    request_headers: stringMap().meta({ description: 'Request headers, `webhook-id`, `webhook-timestamp` and `webhook-signature` included.' }),
    request_body: z.string().meta({ description: 'The JSON body sent.' }),
    response_status: z.int().nullable().meta({ description: 'HTTP status; null when no answer came back.' }),
    response_headers: stringMap().nullable().meta({ description: 'Response headers; null when no answer came back.' }),
    response_body: z.string().nullable().meta({ description: 'The first 4 KiB of the answer.' }),
    error_kind: z.enum(ATTEMPT_ERROR_KINDS).nullable().meta({ description: 'Why it failed; null on success.' }),
    error_message: z.string().nullable().meta({ description: 'Details of the failure.' }),
  })
  .meta({ description: 'One attempt of a delivery: what was sent and what came back.' });

export const WebhookDeliveryDetailSchema = z
  .strictObject({
    ...deliveryFields,
    payload: z.record(z.string(), z.unknown()).meta({ description: 'The event envelope as sent: `id`, `type`, `created_at`, `data`.' }),
    attempts: z.array(WebhookAttemptSchema).meta({ description: 'Every attempt, oldest first.' }),
  })
  .meta({ description: 'A delivery with the payload sent and every attempt, oldest first.' });

export const WebhookListSchema = listEnvelope(WebhookSchema, 'The webhooks of the workspace, newest first.');
export const WebhookDeliveryListSchema = listEnvelope(WebhookDeliverySchema, 'The delivery log of a webhook, newest first.');

export const WebhookRecoverySchema = z
  .strictObject({
    webhook_id: prefixedId('webhook', 'The webhook.'),
    since: timestamp('The `since` asked for.'),
    deliveries_created: z.int().min(0).meta({ description: 'New deliveries made: one per event that failed since then and is neither delivered nor pending now.' }),
  })
  .meta({ description: 'What a recovery queued: the new deliveries are in the delivery log with `origin: redelivery`.' });
