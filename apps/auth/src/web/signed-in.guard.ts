import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { routeMark } from './route-mark';
import { SIGN_IN_RETURN } from './page.decorators';
import { SignInFirst } from './page-answer';
import type { PageRequest } from './page-request';
import { WebSessions } from './web-sessions';

/** @SignedIn(returnTo) pages: the session's user, or a 303 to sign in that returns to the page. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: WebSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const returnTo = routeMark<string>(this.reflector, SIGN_IN_RETURN, context);
    if (returnTo === undefined) return true;
    const req = context.switchToHttp().getRequest<PageRequest>();
    const user = await this.sessions.current(req);
    if (!user) throw new SignInFirst(returnTo);
    req.pageUser = user;
    return true;
  }
}
