import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { clientErrorStatusOf } from '@cs/nest-infrastructure';
import type { Request, Response } from 'express';
import { errors } from 'oidc-provider';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { renderError } from '../views/error.view';
import { csrfToken } from './csrf';
import { ErrorPage, PageAnswer, unreadableForm } from './page-answer';
import { sendHtml } from './send-html';
import { WebSessions } from './web-sessions';

/**
 * Errors on our pages become an error page, never a stack trace; a failed page check sends its own answer (PageAnswer).
 * An error page shown to a signed-in user keeps the navigation and the sign-out (issue 19: a member sent to the 403
 * page could not sign out, and a 404 lost the navigation).
 */
@Catch()
@Injectable()
export class HtmlErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HtmlErrorFilter');

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly sessions: WebSessions,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof ErrorPage && exception.page.user) {
      return new ErrorPage({ ...exception.page, csrfToken: csrfToken(req, res, this.config) }).send(res);
    }
    if (exception instanceof PageAnswer) return exception.send(res);
    if (exception instanceof errors.SessionNotFound || exception instanceof errors.InvalidRequest) {
      return sendHtml(res, 400, renderError({ status: 400, title: 'This sign-in has expired', message: 'Return to the app you came from and connect again.' }));
    }
    // The form parser's refusals (too large, an unknown charset or encoding, not compressed as it says).
    const clientErrorStatus = clientErrorStatusOf(exception);
    if (clientErrorStatus !== undefined && clientErrorStatus !== 404) return unreadableForm(clientErrorStatus).send(res);
    if (exception instanceof HttpException && exception.getStatus() === 404) {
      const user = await this.sessions.current(req).catch(() => null);
      const signedIn = user ? { user, csrfToken: csrfToken(req, res, this.config) } : {};
      return sendHtml(res, 404, renderError({ status: 404, title: 'Page not found', message: 'There is nothing at this address.', ...signedIn }));
    }
    this.logger.error({ err: exception }, 'unhandled error');
    sendHtml(res, 500, renderError({ status: 500, title: 'Something went wrong', message: 'Try again in a moment.' }));
  }
}
