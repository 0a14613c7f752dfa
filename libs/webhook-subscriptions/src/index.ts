export { WebhookSubscriptions, type WebhookSubscriptionsOptions } from './webhook-subscriptions';
export { LIST_DELIVERIES_PARAMS, WebhookRestApi } from './webhook-rest-api';
export type { WebhookActor } from './webhook-actor';
export { createWebhookInput, endpointUrlProblem, RecoverWebhookInputSchema, UNKNOWN_EVENT_TYPE_REASON, updateWebhookInput, WEBHOOK_LIMITS } from './webhook-input.schema';
export { recoverFailedDeliveries, type WebhookRecovery } from './delivery-recovery.command';
/** The zod schemas of the webhook resources, from which their types and OpenAPI's components are derived. */
export * as webhookResources from './webhook-resource.schema';
export { testEventEnvelope } from './delivery.commands';
export { TEST_EVENT_TYPE } from './test-event-type';
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
