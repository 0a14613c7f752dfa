import { Inject, Injectable } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { csrfValid } from './csrf';
import { MarkedRouteGuard } from './marked-route.guard';
import { CSRF_CHECKED } from './page.decorators';
import { ErrorPage } from './page-answer';
import type { PageRequest } from './page-request';

/**
 * @CsrfChecked() form POSTs: a form whose CSRF token is not the one of this session (csrf.ts) gets the 403 "This form has expired" page. It
 * runs after the sign-in and admin guards, so a signed-out visitor is sent to sign in first and the page shows the user.
 */
@Injectable()
export class CsrfGuard extends MarkedRouteGuard<string> {
  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {
    super(CSRF_CHECKED);
  }

  protected guard(req: PageRequest, retry: string): boolean {
    if (csrfValid(req, this.config)) return true;
    throw new ErrorPage({ status: 403, title: 'This form has expired', message: retry, ...(req.pageUser ? { user: req.pageUser } : {}) });
  }
}
