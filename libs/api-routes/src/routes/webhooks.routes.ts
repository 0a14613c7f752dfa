import { exampleId } from '@cs/domain';
import { NO_PARAMS, PAGE_PARAMS } from '@cs/paging';
import { LIST_DELIVERIES_PARAMS, TEST_EVENT_TYPE } from '@cs/webhook-subscriptions';
import { declareRoute } from '../route-declaration';
import { WEBHOOK_SCHEMAS } from '../openapi/component-schemas';
import { EXAMPLE_TIME, exampleSecret, exampleTestDelivery, exampleWebhook } from './examples';
import { ADMIN_NOTE, SEND_NOTE } from './notes';

export const WEBHOOK_ROUTES = {
  create: declareRoute({
    operationId: 'createWebhook',
    method: 'post',
    path: '/api/v1/webhooks',
    tag: 'Webhooks',
    summary: 'Create a webhook',
    description:
      'Subscribes an endpoint to event types of the workspace. It receives the events of conversations its creator can see (their own, and ' +
      'those shared with the workspace). The answer carries the signing secret; it is shown again only by a rotation. ' + ADMIN_NOTE,
    access: 'api-key',
    idempotent: true,
    body: { json: WEBHOOK_SCHEMAS.CreateWebhookRequest },
    success: { status: 201, description: 'The new webhook with its signing secret.', schema: 'WebhookWithSecret', example: { ...exampleWebhook, secret: exampleSecret } },
    errors: ['NotFound', 'Conflict'],
  }),
  list: declareRoute({
    operationId: 'listWebhooks',
    method: 'get',
    path: '/api/v1/webhooks',
    tag: 'Webhooks',
    summary: 'List webhooks',
    description: `Every webhook of the workspace, newest first, whoever created it. ${ADMIN_NOTE}`,
    access: 'api-key',
    query: { params: PAGE_PARAMS, documented: { limit: 'Limit', cursor: 'Cursor' } },
    success: { status: 200, description: 'A page of webhooks.', schema: 'WebhookList' },
    errors: ['NotFound'],
  }),
  retrieve: declareRoute({
    operationId: 'getWebhook',
    method: 'get',
    path: '/api/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Retrieve a webhook',
    description: `The webhook, without its secret. ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId' },
    query: { params: NO_PARAMS, documented: {} },
    success: { status: 200, description: 'The webhook.', schema: 'Webhook', example: exampleWebhook },
    errors: ['NotFound'],
  }),
  update: declareRoute({
    operationId: 'updateWebhook',
    method: 'patch',
    path: '/api/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Update a webhook',
    description: `Changes the URL, the event types or the description, or turns the webhook off or back on. ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId' },
    body: { json: WEBHOOK_SCHEMAS.UpdateWebhookRequest },
    success: { status: 200, description: 'The webhook.', schema: 'Webhook' },
    errors: ['NotFound'],
  }),
  remove: declareRoute({
    operationId: 'deleteWebhook',
    method: 'delete',
    path: '/api/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Delete a webhook',
    description: `Deletes the webhook with its delivery log; deliveries still pending are dropped. ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId' },
    success: { status: 204, description: 'Deleted.' },
    errors: ['NotFound'],
  }),
  rotateSecret: declareRoute({
    operationId: 'rotateWebhookSecret',
    method: 'post',
    path: '/api/v1/webhooks/{id}/rotate-secret',
    tag: 'Webhooks',
    summary: 'Rotate the signing secret',
    description:
      'Issues a new signing secret. For 24 hours the previous one keeps signing beside it (two `v1,` signatures in `webhook-signature`, ' +
      'per Standard Webhooks), so receivers can switch without missing a delivery; a second rotation within that window retires the ' +
      `older secret at once. A replay with the same Idempotency-Key answers with the current secret. ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId' },
    idempotent: true,
    success: {
      status: 200,
      description: 'The webhook with its new secret.',
      schema: 'WebhookWithSecret',
      example: { ...exampleWebhook, secret: exampleSecret, previous_secret_expires_at: EXAMPLE_TIME },
    },
    errors: ['NotFound', 'Conflict'],
  }),
  sendTestEvent: declareRoute({
    operationId: 'sendWebhookTestEvent',
    method: 'post',
    path: '/api/v1/webhooks/{id}/test',
    tag: 'Webhooks',
    summary: 'Send a test event',
    description:
      `Sends an event of type \`${TEST_EVENT_TYPE}\` (a new \`evt_\` id; \`data\` holds \`webhook_id\` and a \`message\`, no conversation) to this ` +
      `webhook only. ${SEND_NOTE} ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId' },
    idempotent: true,
    success: { status: 201, description: 'The new delivery.', schema: 'WebhookDeliveryDetail', example: exampleTestDelivery },
    errors: ['NotFound', 'Conflict'],
  }),
  recover: declareRoute({
    operationId: 'recoverWebhookDeliveries',
    method: 'post',
    path: '/api/v1/webhooks/{id}/recover',
    tag: 'Webhooks',
    summary: 'Recover failed deliveries',
    description:
      'Sends again every event whose delivery to this webhook failed since `since`: one new delivery per event (`origin: redelivery`, ' +
      'the same event id in `webhook-id`), skipping events that have since been delivered or are pending, so recovering twice sends ' +
      `nothing twice. Test events are not recovered. Use it after fixing an endpoint that was down. ${SEND_NOTE} ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId' },
    idempotent: true,
    body: { json: WEBHOOK_SCHEMAS.RecoverWebhookRequest },
    success: {
      status: 202,
      description: 'What was queued.',
      schema: 'WebhookRecovery',
      example: { webhook_id: exampleId('webhook'), since: EXAMPLE_TIME, deliveries_created: 3 },
    },
    errors: ['NotFound', 'Conflict'],
  }),
  listDeliveries: declareRoute({
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/api/v1/webhooks/{id}/deliveries',
    tag: 'Webhooks',
    summary: 'List deliveries (the delivery log)',
    description:
      'Deliveries of the webhook, newest first, with the outcome of each one\'s latest attempt; `status=failed` for the failed ones only. ' +
      `Kept for the retention period (30 days by default). ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId' },
    query: { params: LIST_DELIVERIES_PARAMS, documented: { status: 'DeliveryStatus', limit: 'Limit', cursor: 'Cursor' } },
    success: { status: 200, description: 'A page of deliveries.', schema: 'WebhookDeliveryList' },
    errors: ['NotFound'],
  }),
  retrieveDelivery: declareRoute({
    operationId: 'getWebhookDelivery',
    method: 'get',
    path: '/api/v1/webhooks/{id}/deliveries/{delivery_id}',
    tag: 'Webhooks',
    summary: 'Retrieve a delivery with its attempts',
    description: `The payload sent and every attempt: request headers and body, response status, headers and first 4 KiB of the body, duration and error kind. ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId', delivery_id: 'DeliveryId' },
    query: { params: NO_PARAMS, documented: {} },
    success: { status: 200, description: 'The delivery.', schema: 'WebhookDeliveryDetail' },
    errors: ['NotFound'],
  }),
  redeliver: declareRoute({
    operationId: 'redeliverWebhookDelivery',
    method: 'post',
    path: '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver',
    tag: 'Webhooks',
    summary: 'Redeliver',
    description:
      'Sends the delivery\'s event again as a new delivery (`origin: redelivery`) with the same event id (`webhook-id` header) and ' +
      `payload, so receivers can de-duplicate; the original stays in the log. ${SEND_NOTE} ${ADMIN_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'WebhookId', delivery_id: 'DeliveryId' },
    idempotent: true,
    success: { status: 201, description: 'The new delivery.', schema: 'WebhookDeliveryDetail' },
    errors: ['NotFound', 'Conflict'],
  }),
};
