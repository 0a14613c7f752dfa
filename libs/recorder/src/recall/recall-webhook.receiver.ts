import { signedJsonBody } from '@cs/events';
import type { DataSource } from 'typeorm';
import { recordStatusWebhook } from '../work/recorder-work.store';
import { RECALL_PROVIDER } from './recall-work.handler';
import { RECALL_WEBHOOK_OUTCOMES, readRecallStatusChange } from './recall-webhook.schema';

export type RecallWebhookOutcome = (typeof RECALL_WEBHOOK_OUTCOMES)[number];

/**
 * The headers Recall signs with (https://docs.recall.ai/docs/authenticating-requests-from-recallai): Standard
 * Webhooks' `webhook-*`, or `svix-*` from workspaces made before its single workspace secret; the scheme is the
 * same, so one verification (libs/events standard-webhooks) serves both.
 */
function signed(header: (name: string) => string | undefined) {
  return {
    'webhook-id': header('webhook-id') ?? header('svix-id'),
    'webhook-timestamp': header('webhook-timestamp') ?? header('svix-timestamp'),
    'webhook-signature': header('webhook-signature') ?? header('svix-signature'),
  };
}

/**
 * Receives Recall's status webhooks: verifies the signature over the exact body bytes (the api reads at most
 * RECALL_WEBHOOK_BODY_MAX_BYTES of them and parses nothing before), then records the status change durably (one row
 * per message id) and answers at once; the processor applies it. Recall expects an answer within 15 s and retries
 * for a day otherwise, so nothing slow happens here.
 */
export class RecallWebhookReceiver {
  constructor(
    private readonly dataSource: DataSource,
    private readonly secret: string | null,
  ) {}

  async receive(header: (name: string) => string | undefined, rawBody: Buffer | undefined, now: Date = new Date()): Promise<RecallWebhookOutcome> {
    const headers = signed(header);
    const body = signedJsonBody(this.secret, headers, rawBody, 'The Recall webhook signature is missing, stale or wrong.', now);
    const change = readRecallStatusChange(body);
    if (!change) return 'ignored';
    return recordStatusWebhook(
      this.dataSource,
      { provider: RECALL_PROVIDER, messageId: headers['webhook-id']!, providerBotId: change.providerBotId, botId: change.botId, payload: change },
      now,
    );
  }
}
