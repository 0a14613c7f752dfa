// The receiver moved to libs/testing (the scale benchmark and stack-e2e use it too); the specs keep importing it here.
export { type Answer, type Envelope, type ReceivedWebhook, WebhookReceiver } from '@cs/testing';
