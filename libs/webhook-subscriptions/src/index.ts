export { WebhookSubscriptions, type WebhookSubscriptionsOptions } from './webhook-subscriptions';
export { LIST_DELIVERIES_PARAMS, WebhookRestApi } from './webhook-rest-api';
export type { WebhookActor } from './webhook-actor';
export { createWebhookInput, endpointUrlProblem, updateWebhookInput, WEBHOOK_LIMITS } from './webhook-input.schema';
export {
  WebhookAttemptSchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from './webhook-resource.schema';
export { TEST_EVENT_TYPE, testEventEnvelope } from './delivery.commands';
export type { DeliveryLogFilters } from './delivery-log.queries';
export type {
  DeliveryOrigin,
  DeliveryStatus,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookWithSecret,
} from './webhook.resource';
