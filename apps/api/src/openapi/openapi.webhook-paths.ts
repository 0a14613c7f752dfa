import { LIST_DELIVERIES_PARAMS, TEST_EVENT_TYPE } from '@cs/webhook-subscriptions';
import { parameterRef, requestIdHeader } from './openapi.components';
import { EXAMPLE_TIME, json, problems } from './openapi.paths';
import { exampleId, requestSchema, schemaRef, WEBHOOK_SCHEMAS } from './openapi.schemas';
import { writeProblems } from './openapi.write-paths';
import type { Operation, Parameter, PathItem, Response } from './openapi.types';

const apiKey = [{ bearerAuth: [] }];
const ADMIN_NOTE =
  'Webhooks are developer settings: API keys of workspace admins only. A member\'s key gets 403 `forbidden`, an OAuth access token ' +
  '403 `api_key_required`. Webhooks of other workspaces, unknown and malformed ids are the same 404 `not_found`. A webhook delivers ' +
  'events about the conversations its owner (`owner_id`) can see, so only its owner may change its settings, rotate its secret, read ' +
  'its delivery log or send it anything (test, redeliver, recover); another admin gets 403 `forbidden`, and may only see it, turn it ' +
  'off or on, and delete it.';
const IDEMPOTENT_NOTE = 'Send an `Idempotency-Key` to make retries safe.';
const SEND_NOTE = 'The new delivery is `pending` and due at once; the webhook worker sends it within about a second, enabled webhook or not.';

const webhookId: Parameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The webhook id.',
  schema: { type: 'string' },
  example: exampleId('webhook'),
};
const deliveryId: Parameter = {
  name: 'delivery_id',
  in: 'path',
  required: true,
  description: 'The delivery id, from the delivery log.',
  schema: { type: 'string' },
  example: exampleId('delivery'),
};
const deliveryStatus: Parameter = {
  name: 'status',
  in: 'query',
  description: '`failed` lists only deliveries whose every attempt failed; default `all`.',
  schema: LIST_DELIVERIES_PARAMS.property('status'),
};

const replayedHeader = {
  'Idempotent-Replayed': { description: 'Present (`true`) when the answer is the replay of an earlier request with the same Idempotency-Key.', schema: { type: 'string', const: 'true' } },
};
const withReplay = (response: Response): Response => ({ ...response, headers: { ...response.headers, ...replayedHeader } });

const exampleWebhook = {
  id: exampleId('webhook'),
  owner_id: exampleId('user'),
  url: 'https://hooks.example.com/conversations',
  events: ['conversation.ready', 'conversation.deleted'],
  description: 'CRM sync',
  enabled: true,
  disabled_reason: null,
  rate_limit_per_second: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};
const exampleSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw9s2u6pZ5TmE=';
const exampleTestDelivery = {
  id: exampleId('delivery'),
  webhook_id: exampleId('webhook'),
  event_id: exampleId('event'),
  event_type: TEST_EVENT_TYPE,
  origin: 'test',
  status: 'pending',
  attempt_count: 0,
  next_attempt_at: EXAMPLE_TIME,
  created_at: EXAMPLE_TIME,
  completed_at: null,
  last_response_status: null,
  last_error_kind: null,
  payload: {
    id: exampleId('event'),
    type: TEST_EVENT_TYPE,
    created_at: EXAMPLE_TIME,
    data: { webhook_id: exampleId('webhook'), message: 'A test event sent from developer settings or the API. It describes no conversation.' },
  },
  attempts: [],
};

const postProblems = () => problems('WriteBadRequest', 'Unauthorized', 'WriteForbidden', 'NotFound', 'Conflict', 'TooManyRequests', 'InternalError', 'ServiceUnavailable');
const readProblems = () => problems('BadRequest', 'Unauthorized', 'WriteForbidden', 'NotFound', 'TooManyRequests', 'InternalError', 'ServiceUnavailable');

export function buildWebhookPaths(): Record<string, PathItem> {
  const op = (o: Omit<Operation, 'security' | 'tags'>): Operation => ({ security: apiKey, tags: ['Webhooks'], ...o });
  return {
    '/api/v1/webhooks': {
      post: op({
        operationId: 'createWebhook',
        summary: 'Create a webhook',
        description:
          'Subscribes an endpoint to event types of the workspace. It receives the events of conversations its creator can see (their own, and ' +
          'those shared with the workspace). The answer carries the signing secret; it is shown again only by a rotation. ' +
          `${ADMIN_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        requestBody: { required: true, content: { 'application/json': { schema: requestSchema(WEBHOOK_SCHEMAS.CreateWebhookRequest) } } },
        responses: { '201': withReplay(json('The new webhook with its signing secret.', schemaRef('WebhookWithSecret'), { ...exampleWebhook, secret: exampleSecret })), ...writeProblems('Conflict') },
      }),
      get: op({
        operationId: 'listWebhooks',
        summary: 'List webhooks',
        description: `Every webhook of the workspace, newest first, whoever created it. ${ADMIN_NOTE}`,
        parameters: [parameterRef('Limit'), parameterRef('Cursor'), parameterRef('RequestId')],
        responses: { '200': json('A page of webhooks.', schemaRef('WebhookList')), ...readProblems() },
      }),
    },
    '/api/v1/webhooks/{id}': {
      get: op({
        operationId: 'getWebhook',
        summary: 'Retrieve a webhook',
        description: `The webhook, without its secret. ${ADMIN_NOTE}`,
        parameters: [webhookId, parameterRef('RequestId')],
        responses: { '200': json('The webhook.', schemaRef('Webhook'), exampleWebhook), ...readProblems() },
      }),
      patch: op({
        operationId: 'updateWebhook',
        summary: 'Update a webhook',
        description: `Changes the URL, the event types or the description, or turns the webhook off or back on. ${ADMIN_NOTE}`,
        parameters: [webhookId, parameterRef('RequestId')],
        requestBody: { required: true, content: { 'application/json': { schema: requestSchema(WEBHOOK_SCHEMAS.UpdateWebhookRequest) } } },
        responses: { '200': json('The webhook.', schemaRef('Webhook')), ...writeProblems() },
      }),
      delete: op({
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook',
        description: `Deletes the webhook with its delivery log; deliveries still pending are dropped. ${ADMIN_NOTE}`,
        parameters: [webhookId, parameterRef('RequestId')],
        responses: { '204': { description: 'Deleted.', headers: requestIdHeader }, ...problems('Unauthorized', 'WriteForbidden', 'NotFound', 'TooManyRequests', 'InternalError', 'ServiceUnavailable') },
      }),
    },
    '/api/v1/webhooks/{id}/rotate-secret': {
      post: op({
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate the signing secret',
        description:
          'Issues a new signing secret. For 24 hours the previous one keeps signing beside it (two `v1,` signatures in `webhook-signature`, ' +
          'per Standard Webhooks), so receivers can switch without missing a delivery; a second rotation within that window retires the ' +
          `older secret at once. A replay with the same Idempotency-Key answers with the current secret. ${ADMIN_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [webhookId, parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        responses: {
          '200': withReplay(json('The webhook with its new secret.', schemaRef('WebhookWithSecret'), { ...exampleWebhook, secret: exampleSecret, previous_secret_expires_at: EXAMPLE_TIME })),
          ...postProblems(),
        },
      }),
    },
    '/api/v1/webhooks/{id}/test': {
      post: op({
        operationId: 'sendWebhookTestEvent',
        summary: 'Send a test event',
        description:
          `Sends an event of type \`${TEST_EVENT_TYPE}\` (a new \`evt_\` id; \`data\` holds \`webhook_id\` and a \`message\`, no conversation) to this ` +
          `webhook only. ${SEND_NOTE} ${ADMIN_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [webhookId, parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        responses: { '201': withReplay(json('The new delivery.', schemaRef('WebhookDeliveryDetail'), exampleTestDelivery)), ...postProblems() },
      }),
    },
    '/api/v1/webhooks/{id}/recover': {
      post: op({
        operationId: 'recoverWebhookDeliveries',
        summary: 'Recover failed deliveries',
        description:
          'Sends again every event whose delivery to this webhook failed since `since`: one new delivery per event (`origin: redelivery`, ' +
          'the same event id in `webhook-id`), skipping events that have since been delivered or are pending, so recovering twice sends ' +
          `nothing twice. Test events are not recovered. Use it after fixing an endpoint that was down. ${SEND_NOTE} ${ADMIN_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [webhookId, parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        requestBody: { required: true, content: { 'application/json': { schema: requestSchema(WEBHOOK_SCHEMAS.RecoverWebhookRequest) } } },
        responses: {
          '202': withReplay(json('What was queued.', schemaRef('WebhookRecovery'), { webhook_id: exampleId('webhook'), since: EXAMPLE_TIME, deliveries_created: 3 })),
          ...postProblems(),
        },
      }),
    },
    '/api/v1/webhooks/{id}/deliveries': {
      get: op({
        operationId: 'listWebhookDeliveries',
        summary: 'List deliveries (the delivery log)',
        description:
          'Deliveries of the webhook, newest first, with the outcome of each one\'s latest attempt; `status=failed` for the failed ones only. ' +
          `Kept for the retention period (30 days by default). ${ADMIN_NOTE}`,
        parameters: [webhookId, deliveryStatus, parameterRef('Limit'), parameterRef('Cursor'), parameterRef('RequestId')],
        responses: { '200': json('A page of deliveries.', schemaRef('WebhookDeliveryList')), ...readProblems() },
      }),
    },
    '/api/v1/webhooks/{id}/deliveries/{delivery_id}': {
      get: op({
        operationId: 'getWebhookDelivery',
        summary: 'Retrieve a delivery with its attempts',
        description: `The payload sent and every attempt: request headers and body, response status, headers and first 4 KiB of the body, duration and error kind. ${ADMIN_NOTE}`,
        parameters: [webhookId, deliveryId, parameterRef('RequestId')],
        responses: { '200': json('The delivery.', schemaRef('WebhookDeliveryDetail')), ...readProblems() },
      }),
    },
    '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver': {
      post: op({
        operationId: 'redeliverWebhookDelivery',
        summary: 'Redeliver',
        description:
          'Sends the delivery\'s event again as a new delivery (`origin: redelivery`) with the same event id (`webhook-id` header) and ' +
          `payload, so receivers can de-duplicate; the original stays in the log. ${SEND_NOTE} ${ADMIN_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [webhookId, deliveryId, parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        responses: { '201': withReplay(json('The new delivery.', schemaRef('WebhookDeliveryDetail'))), ...postProblems() },
      }),
    },
  };
}
