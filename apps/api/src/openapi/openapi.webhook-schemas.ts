import { EVENT_TYPES } from '@cs/domain';
import { TEST_EVENT_TYPE, WEBHOOK_LIMITS } from '@cs/webhook-subscriptions';
import { closedObject, dateTime, id, listEnvelope, schemaRef } from './openapi.schemas';
import type { JsonSchema } from './openapi.types';

const nullable = (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema['type'], 'null'] });
const nullableDateTime = (description: string): JsonSchema => ({ type: ['string', 'null'], format: 'date-time', description });
const stringMap = (description: string): JsonSchema => ({ type: 'object', additionalProperties: { type: 'string' }, description });

const url: JsonSchema = {
  type: 'string',
  format: 'uri',
  minLength: 1,
  maxLength: WEBHOOK_LIMITS.url,
  description:
    `Endpoint that receives the events: an absolute http or https URL (https only in production), at most ${WEBHOOK_LIMITS.url} ` +
    'characters, without credentials. Targets that resolve to private, loopback or link-local addresses are refused when delivering.',
};
const events: JsonSchema = {
  type: 'array',
  minItems: 1,
  items: { type: 'string', enum: [...EVENT_TYPES] },
  description: 'Event types to receive; at least one. Stored without duplicates, in the order of the event catalog.',
};
const description = (what: string): JsonSchema => ({ type: ['string', 'null'], maxLength: WEBHOOK_LIMITS.description, description: what });

const webhookFields = (): Record<string, JsonSchema> => ({
  id: id('webhook', 'Webhook id.'),
  url,
  events,
  description: description('What the webhook is for; null when not set.'),
  enabled: { type: 'boolean', description: 'Whether new events are delivered.' },
  disabled_reason: {
    type: ['string', 'null'],
    enum: ['manual', 'failing', null],
    description: '`manual`: an admin turned it off; `failing`: it kept failing and was turned off; null while enabled.',
  },
  failing_since: nullableDateTime('Start of the current run of failed attempts; null once an attempt succeeds.'),
  previous_secret_expires_at: nullableDateTime(
    'After a secret rotation, until when the previous secret still signs beside the new one (24 hours); null otherwise.',
  ),
  created_at: dateTime('When the webhook was created.'),
  updated_at: dateTime('When it was last changed.'),
});

const deliveryFields = (): Record<string, JsonSchema> => ({
  id: id('delivery', 'Delivery id.'),
  webhook_id: id('webhook', 'The webhook.'),
  event_id: id('event', 'The event id, sent as the `webhook-id` header: the same on every attempt and on redeliveries, for de-duplication.'),
  event_type: { type: 'string', description: `Event type; \`${TEST_EVENT_TYPE}\` for a test event.` },
  origin: { type: 'string', enum: ['event', 'redelivery', 'test'], description: '`event`: the event happened; `redelivery`: an admin asked to send it again; `test`: Send test event.' },
  status: { type: 'string', enum: ['pending', 'succeeded', 'failed'], description: '`pending` while attempts remain; `failed` after the last failed attempt.' },
  attempt_count: { type: 'integer', minimum: 0, description: 'Attempts made so far.' },
  next_attempt_at: nullableDateTime('When the next attempt is due, while pending.'),
  created_at: dateTime('When the delivery was created.'),
  completed_at: nullableDateTime('When it succeeded or finally failed.'),
  last_response_status: { type: ['integer', 'null'], description: 'HTTP status of the latest attempt; null when none came back or nothing was tried yet.' },
  last_error_kind: { type: ['string', 'null'], description: 'Why the latest attempt failed (see WebhookAttempt.error_kind); null on success or before any attempt.' },
});

export function buildWebhookSchemas(): Record<string, JsonSchema> {
  return {
    CreateWebhookRequest: {
      type: 'object',
      description: 'A new webhook subscription.',
      additionalProperties: false,
      required: ['url', 'events'],
      properties: { url, events, description: description(`What it is for, at most ${WEBHOOK_LIMITS.description} characters.`) },
    },
    UpdateWebhookRequest: {
      type: 'object',
      description:
        'Fields to change; absent fields stay. `enabled: false` turns it off (`disabled_reason: manual`); `enabled: true` turns it back on ' +
        'and clears `disabled_reason` and `failing_since`, also after it was turned off for failing.',
      additionalProperties: false,
      properties: {
        url,
        events,
        description: description('What it is for; null or an empty string clears it.'),
        enabled: { type: 'boolean', description: 'Turn delivery of new events on or off.' },
      },
    },
    Webhook: closedObject('A webhook subscription. The signing secret is shown only when the webhook is created and when it is rotated.', webhookFields()),
    WebhookWithSecret: closedObject('A webhook with its signing secret, shown here only: store it to verify signatures.', {
      ...webhookFields(),
      secret: {
        type: 'string',
        pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
        description: 'Signing secret (Standard Webhooks): `whsec_` + base64 of the HMAC-SHA256 key.',
      },
    }),
    WebhookList: listEnvelope('Webhook', 'The webhooks of the workspace, newest first.'),
    WebhookDelivery: closedObject('One delivery of an event to a webhook (an entry of its delivery log).', deliveryFields()),
    WebhookAttempt: closedObject('One attempt of a delivery: what was sent and what came back.', {
      attempt: { type: 'integer', minimum: 1, description: 'Attempt number, from 1.' },
      started_at: dateTime('When the request started.'),
      duration_ms: { type: 'integer', minimum: 0, description: 'Until the answer or the failure.' },
      request_url: { type: 'string', description: 'Where it was sent.' },
      request_headers: stringMap('Request headers, `webhook-id`, `webhook-timestamp` and `webhook-signature` included.'),
      request_body: { type: 'string', description: 'The JSON body sent.' },
      response_status: { type: ['integer', 'null'], description: 'HTTP status; null when no answer came back.' },
      response_headers: nullable(stringMap('Response headers; null when no answer came back.')),
      response_body: { type: ['string', 'null'], description: 'The first 4 KiB of the answer.' },
      error_kind: {
        type: ['string', 'null'],
        enum: ['timeout', 'connection_refused', 'dns', 'tls', 'blocked_target', 'redirect', 'http_status', 'network', null],
        description: 'Why it failed; null on success.',
      },
      error_message: { type: ['string', 'null'], description: 'Details of the failure.' },
    }),
    WebhookDeliveryDetail: closedObject('A delivery with the payload sent and every attempt, oldest first.', {
      ...deliveryFields(),
      payload: { type: 'object', description: 'The event envelope as sent: `id`, `type`, `created_at`, `data`.' },
      attempts: { type: 'array', items: schemaRef('WebhookAttempt'), description: 'Every attempt, oldest first.' },
    }),
    WebhookDeliveryList: listEnvelope('WebhookDelivery', 'The delivery log of a webhook, newest first.'),
  };
}
