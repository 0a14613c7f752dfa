import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { RecallWebhookReceiver } from '@cs/recorder';
import { Public } from '@cs/token-verification';
import type { Request } from 'express';
import { headerOf, SIGNED_RECEIVERS, SignedBody } from './signed-receivers';

/**
 * Where Recall.ai sends its bot status webhooks (register {PUBLIC_API_URL}/api/v1/recorder/recall/events in
 * Recall's dashboard, docs/recall.md). Not a bearer-token route: each request is signed by Recall (Svix /
 * Standard Webhooks) with RECALL_WEBHOOK_SECRET, checked over the exact body bytes before they are parsed.
 */
@Public()
@Controller(SIGNED_RECEIVERS.recall.path)
export class RecallEventsController {
  constructor(@Inject(RecallWebhookReceiver) private readonly receiver: RecallWebhookReceiver) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() req: Request, @SignedBody() body: Buffer | undefined) {
    return { outcome: await this.receiver.receive(headerOf(req), body) };
  }
}
