import { JSON_BODY_MAX_BYTES, RECALL_WEBHOOK_BODY_MAX_BYTES } from '@cs/domain';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { BOT_ROUTES } from '@cs/api-routes';
import type { Request } from 'express';

/**
 * The routes whose callers sign their requests instead of presenting a token (Standard Webhooks). Each reads its body
 * as bytes, at most `maxBytes` (a 413 beyond, before more is read), and nothing parses them before the signature is
 * checked on those very bytes (main.ts mounts the raw reader ahead of the JSON parser).
 */
export const SIGNED_RECEIVERS = {
  /** A recorder's reports; `done` carries the whole transcript, so it has the JSON limit. */
  recorder: { path: BOT_ROUTES.recorderEvents.path, maxBytes: JSON_BODY_MAX_BYTES },
  recall: { path: BOT_ROUTES.recallEvents.path, maxBytes: RECALL_WEBHOOK_BODY_MAX_BYTES },
} as const;

/** The body of a signed route as the bytes received; undefined when there were none. */
export const SignedBody = createParamDecorator((_: unknown, ctx: ExecutionContext): Buffer | undefined => {
  const body = ctx.switchToHttp().getRequest<Request>().body as unknown;
  return Buffer.isBuffer(body) ? body : undefined;
});

/** One request header's value (the first, when repeated). */
export function headerOf(req: Request): (name: string) => string | undefined {
  return (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
}
