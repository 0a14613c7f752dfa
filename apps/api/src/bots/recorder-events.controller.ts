import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { invalidToken } from '@cs/domain';
import { verifySignature } from '@cs/events';
import { Public } from '@cs/token-verification';
import { Writes } from '@cs/writes';
import type { Request } from 'express';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { JsonBody } from '../http/write-request.decorator';

const header = (req: Request, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The callback through which a recorder reports a bot's progress. Not a bearer-token route: each request is
 * signed per Standard Webhooks with RECORDER_CALLBACK_SECRET over the exact body bytes.
 */
@Public()
@Controller('api/v1/recorder/events')
export class RecorderEventsController {
  constructor(
    private readonly writes: Writes,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() req: Request & { rawBody?: Buffer; id?: string }) {
    const body = JsonBody.read(req);
    const signed = {
      'webhook-id': header(req, 'webhook-id'),
      'webhook-timestamp': header(req, 'webhook-timestamp'),
      'webhook-signature': header(req, 'webhook-signature'),
    };
    if (!req.rawBody || !verifySignature(this.config.RECORDER_CALLBACK_SECRET, signed, req.rawBody.toString('utf8'))) {
      throw invalidToken('The recorder callback signature is missing, stale or wrong.');
    }
    return { outcome: await this.writes.applyRecorderEvent(body, req.id === undefined ? null : String(req.id)) };
  }
}
