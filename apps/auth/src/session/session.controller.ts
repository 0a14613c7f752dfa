import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { renderHome } from '../views/home.view';
import { renderSignIn } from '../views/sign-in.view';
import { csrfToken, csrfValid } from '../web/csrf';
import { field, type FormBody } from '../web/form-fields';
import { CsrfChecked, Form } from '../web/page.decorators';
import { sendHtml } from '../web/send-html';
import { SignInService } from '../web/sign-in.service';
import { WebSessions } from '../web/web-sessions';

/** Only same-site paths may be returned to after sign-in (no open redirect). */
const safeReturnTo = (value: unknown): string =>
  typeof value === 'string' && /^\/(account|developer)(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_=&%-]*)?$/.test(value) ? value : '/account';

@Controller()
export class SessionController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly sessions: WebSessions,
    private readonly signIn: SignInService,
  ) {}


  @Get()
  async home(@Req() req: Request, @Res() res: Response): Promise<void> {
    const user = await this.sessions.current(req);
    sendHtml(res, 200, renderHome({ user, csrfToken: csrfToken(req, res, this.config) }));
  }

  @Get('sign-in')
  async showSignIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const returnTo = safeReturnTo(req.query['return_to']);
    if (await this.sessions.current(req)) return res.redirect(303, returnTo);
    sendHtml(res, 200, renderSignIn({ action: `/sign-in?return_to=${encodeURIComponent(returnTo)}`, csrfToken: csrfToken(req, res, this.config) }));
  }

  @Post('sign-in')
  @CsrfChecked()
  async submitSignIn(@Req() req: Request, @Res() res: Response, @Form() body: FormBody): Promise<void> {
    const returnTo = safeReturnTo(req.query['return_to']);
    const outcome = await this.signIn.attempt(req, res, body);
    if (outcome.ok) return res.redirect(303, returnTo);
    sendHtml(
      res,
      outcome.status,
      renderSignIn({
        action: `/sign-in?return_to=${encodeURIComponent(returnTo)}`,
        csrfToken: csrfToken(req, res, this.config),
        email: field(body, 'email'),
        ...(outcome.throttledSeconds ? { throttledSeconds: outcome.throttledSeconds } : { error: outcome.error }),
      }),
    );
  }

  /** Signing out with a stale form still leaves the page; only a valid form ends the session. */
  @Post('sign-out')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (csrfValid(req, this.config)) await this.sessions.end(req, res);
    res.redirect(303, '/');
  }
}
