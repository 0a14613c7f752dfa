import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { signedJsonBody } from '@cs/events';
import { Public } from '@cs/token-verification';
import { Writes } from '@cs/writes';
import type { Request } from 'express';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { headerOf, SIGNED_RECEIVERS, SignedBody } from './signed-receivers';

/**
 * The callback through which a recorder reports a bot's progress. Not a bearer-token route: each request is
 * signed per Standard Webhooks with RECORDER_CALLBACK_SECRET, checked over the exact body bytes before they are parsed.
 */
@Public()
@Controller(SIGNED_RECEIVERS.recorder.path)
export class RecorderEventsController {
  constructor(
    private readonly writes: Writes,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() req: Request & { id?: string }, @SignedBody() body: Buffer | undefined) {
    const header = headerOf(req);
    const signed = { 'webhook-id': header('webhook-id'), 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') };
    const event = signedJsonBody(this.config.RECORDER_CALLBACK_SECRET, signed, body, 'The recorder callback signature is missing, stale or wrong.');
    return { outcome: await this.writes.applyRecorderEvent(event, req.id === undefined ? null : String(req.id)) };
  }
}
