import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { WriteResult } from '@cs/writes';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';

/** Turns a WriteResult into the response: its status, its body, and Idempotent-Replayed on a replay (as Stripe does). */
@Injectable()
export class WriteResultInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler<WriteResult>): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((result) => {
        res.status(result.status);
        if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
        return result.body;
      }),
    );
  }
}
