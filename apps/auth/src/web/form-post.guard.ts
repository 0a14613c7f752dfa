import { Injectable } from '@nestjs/common';
import { MarkedRouteGuard } from './marked-route.guard';
import { CSRF_CHECKED } from './page.decorators';
import { unreadableForm } from './page-answer';
import type { PageRequest } from './page-request';

/**
 * @CsrfChecked() routes are form POSTs: a body that is not `application/x-www-form-urlencoded` (JSON, text/plain,
 * none) gets the 415 page before any other check reads its fields (issue 19). Runs after the sign-in guard, so a
 * visitor without a session is sent to sign in first.
 */
@Injectable()
export class FormPostGuard extends MarkedRouteGuard<string> {
  constructor() {
    super(CSRF_CHECKED);
  }

  protected guard(req: PageRequest): boolean {
    if (req.is('application/x-www-form-urlencoded')) return true;
    throw unreadableForm(415, req.pageUser);
  }
}
