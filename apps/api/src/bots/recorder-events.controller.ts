import { Controller, Inject, Req } from '@nestjs/common';
import { BOT_ROUTES } from '@cs/api-routes';
import { signedJsonBody } from '@cs/events';
import { Writes } from '@cs/writes';
import type { Request } from 'express';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { Route } from '../http/route.decorator';
import { headerOf, SignedBody } from './signed-receivers';

/**
 * The callback through which a recorder reports a bot's progress. Not a bearer-token route: each request is
 * signed per Standard Webhooks with RECORDER_CALLBACK_SECRET, checked over the exact body bytes before they are parsed.
 */
@Controller()
export class RecorderEventsController {
  constructor(
    private readonly writes: Writes,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Route(BOT_ROUTES.recorderEvents)
  async receive(@Req() req: Request & { id?: string }, @SignedBody() body: Buffer | undefined) {
    const header = headerOf(req);
    const signed = { 'webhook-id': header('webhook-id'), 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') };
    const event = signedJsonBody(this.config.RECORDER_CALLBACK_SECRET, signed, body, 'The recorder callback signature is missing, stale or wrong.');
    return { outcome: await this.writes.applyRecorderEvent(event, req.id === undefined ? null : String(req.id)) };
  }
}
