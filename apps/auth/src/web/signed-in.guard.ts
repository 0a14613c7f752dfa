import { Injectable } from '@nestjs/common';
import { MarkedRouteGuard } from './marked-route.guard';
import { SIGN_IN_RETURN } from './page.decorators';
import { SignInFirst } from './page-answer';
import type { PageRequest } from './page-request';
import { WebSessions } from './web-sessions';

/** @SignedIn(returnTo) pages: the session's user, or a 303 to sign in that returns to the page. */
@Injectable()
export class SignedInGuard extends MarkedRouteGuard<string> {
  constructor(private readonly sessions: WebSessions) {
    super(SIGN_IN_RETURN);
  }

  protected async guard(req: PageRequest, returnTo: string): Promise<boolean> {
    const user = await this.sessions.current(req);
    if (!user) throw new SignInFirst(returnTo);
    req.pageUser = user;
    return true;
  }
}
