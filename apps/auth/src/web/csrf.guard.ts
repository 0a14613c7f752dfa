import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeMark } from './route-mark';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { csrfValid } from './csrf';
import { CSRF_CHECKED } from './page.decorators';
import { ErrorPage } from './page-answer';
import type { PageRequest } from './page-request';

/**
 * @CsrfChecked() form POSTs: a form whose CSRF token is not the one of this session (csrf.ts) gets the 403 "This form has expired" page. It
 * runs after the sign-in and admin guards, so a signed-out visitor is sent to sign in first and the page shows the user.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const retry = routeMark<string>(this.reflector, CSRF_CHECKED, context);
    if (retry === undefined) return true;
    const req = context.switchToHttp().getRequest<PageRequest>();
    if (csrfValid(req, this.config)) return true;
    throw new ErrorPage({ status: 403, title: 'This form has expired', message: retry, ...(req.pageUser ? { user: req.pageUser } : {}) });
  }
}
