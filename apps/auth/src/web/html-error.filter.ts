import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { clientErrorStatusOf } from '@cs/nest-infrastructure';
import type { Response } from 'express';
import { errors } from 'oidc-provider';
import { renderError } from '../views/error.view';
import { PageAnswer, unreadableForm } from './page-answer';
import { sendHtml } from './send-html';

/** Errors on our pages become an error page, never a stack trace; a failed page check sends its own answer (PageAnswer). */
@Catch()
export class HtmlErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HtmlErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof PageAnswer) return exception.send(res);
    if (exception instanceof errors.SessionNotFound || exception instanceof errors.InvalidRequest) {
      return sendHtml(res, 400, renderError({ status: 400, title: 'This sign-in has expired', message: 'Return to the app you came from and connect again.' }));
    }
    // The form parser's refusals (too large, an unknown charset or encoding, not compressed as it says).
    const clientErrorStatus = clientErrorStatusOf(exception);
    if (clientErrorStatus !== undefined && clientErrorStatus !== 404) return unreadableForm(clientErrorStatus).send(res);
    if (exception instanceof HttpException && exception.getStatus() === 404) {
      return sendHtml(res, 404, renderError({ status: 404, title: 'Page not found', message: 'There is nothing at this address.' }));
    }
    this.logger.error({ err: exception }, 'unhandled error');
    sendHtml(res, 500, renderError({ status: 500, title: 'Something went wrong', message: 'Try again in a moment.' }));
  }
}
