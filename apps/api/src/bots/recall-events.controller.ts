import { Controller, Inject, Req } from '@nestjs/common';
import { BOT_ROUTES } from '@cs/api-routes';
import { RecallWebhookReceiver } from '@cs/recorder';
import type { Request } from 'express';
import { Route } from '../http/route.decorator';
import { headerOf, SignedBody } from './signed-receivers';

/**
 * Where Recall.ai sends its bot status webhooks (register {PUBLIC_API_URL}/api/v1/recorder/recall/events in
 * Recall's dashboard, docs/recall.md). Not a bearer-token route: each request is signed by Recall (Svix /
 * Standard Webhooks) with RECALL_WEBHOOK_SECRET, checked over the exact body bytes before they are parsed.
 */
@Controller()
export class RecallEventsController {
  constructor(@Inject(RecallWebhookReceiver) private readonly receiver: RecallWebhookReceiver) {}

  @Route(BOT_ROUTES.recallEvents)
  async receive(@Req() req: Request, @SignedBody() body: Buffer | undefined) {
    return { outcome: await this.receiver.receive(headerOf(req), body) };
  }
}
