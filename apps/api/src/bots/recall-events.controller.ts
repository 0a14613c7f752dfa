import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { RecallWebhookReceiver } from '@cs/recorder';
import { Public } from '@cs/token-verification';
import type { Request } from 'express';

/**
 * Where Recall.ai sends its bot status webhooks (register {PUBLIC_API_URL}/api/v1/recorder/recall/events in
 * Recall's dashboard, docs/recall.md). Not a bearer-token route: each request is signed by Recall (Svix /
 * Standard Webhooks) with RECALL_WEBHOOK_SECRET, checked over the exact body bytes.
 */
@Public()
@Controller('api/v1/recorder/recall/events')
export class RecallEventsController {
  constructor(@Inject(RecallWebhookReceiver) private readonly receiver: RecallWebhookReceiver) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() req: Request & { rawBody?: Buffer }) {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return { outcome: await this.receiver.receive(header, req.rawBody?.toString('utf8')) };
  }
}
