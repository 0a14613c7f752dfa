import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError, type Principal } from '@cs/domain';
import type { WriteRequest } from '@cs/writes';
import type { Request } from 'express';

/** The caller and the request facts a write needs (request id, Idempotency-Key, method and path). */
export const WriteRequestOf = createParamDecorator((_: unknown, ctx: ExecutionContext): WriteRequest => {
  const req = ctx.switchToHttp().getRequest<Request & { user: Principal; id?: string }>();
  const key = req.headers['idempotency-key'];
  return {
    principal: req.user,
    requestId: req.id === undefined ? null : String(req.id),
    idempotencyKey: Array.isArray(key) ? key.join(',') : key,
    method: req.method,
    path: req.path,
  };
});

/** The JSON body of a write; any other content type is a 415 rather than an empty body. */
function readJsonBody(req: Request): unknown {
  if (!req.is('application/json')) throw new DomainError('unsupported_media_type', 'Send the body as application/json.');
  return req.body;
}

export const JsonBody = Object.assign(
  createParamDecorator((_: unknown, ctx: ExecutionContext): unknown => readJsonBody(ctx.switchToHttp().getRequest<Request>())),
  { read: readJsonBody },
);
