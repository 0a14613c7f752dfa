import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeMark } from './route-mark';
import { CSRF_CHECKED } from './page.decorators';
import { unreadableForm } from './page-answer';
import type { PageRequest } from './page-request';

/**
 * @CsrfChecked() routes are form POSTs: a body that is not `application/x-www-form-urlencoded` (JSON, text/plain,
 * none) gets the 415 page before any other check reads its fields (issue 19). Runs after the sign-in guard, so a
 * visitor without a session is sent to sign in first.
 */
@Injectable()
export class FormPostGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (routeMark<string>(this.reflector, CSRF_CHECKED, context) === undefined) return true;
    const req = context.switchToHttp().getRequest<PageRequest>();
    if (req.is('application/x-www-form-urlencoded')) return true;
    throw unreadableForm(415, req.pageUser);
  }
}
