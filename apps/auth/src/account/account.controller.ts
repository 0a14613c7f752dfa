import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { SignedInUser } from '@cs/accounts';
import { DATA_SOURCE, REDIS } from '@cs/nest-infrastructure';
import { connectionsOf, isLiveConnectionOf, revokeGrant } from '@cs/oauth';
import type { RowQueryable } from '@cs/persistence';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { renderAccount } from '../views/account.view';
import { csrfToken } from '../web/csrf';
import { ErrorPage } from '../web/page-answer';
import { CsrfChecked, PageUser, SignedIn } from '../web/page.decorators';
import { sendHtml } from '../web/send-html';
import { SQL } from '../web/sql.token';

/** Spec "Authentication" 7: a user revokes an app's access in their profile settings (connected apps). */
@Controller('account')
export class AccountController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(SQL) private readonly db: RowQueryable,
    @Inject(DATA_SOURCE) private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @SignedIn('/account')
  async show(@Req() req: Request, @Res() res: Response, @PageUser() user: SignedInUser): Promise<void> {
    sendHtml(
      res,
      200,
      renderAccount({
        csrfToken: csrfToken(req, res, this.config),
        user,
        connections: await connectionsOf(this.db, user.id),
        ...(req.query['revoked'] === '1' ? { flash: { kind: 'success' as const, message: 'Access revoked. The app can no longer reach your data.' } } : {}),
      }),
    );
  }

  @Post('connections/:grantId/revoke')
  @SignedIn('/account')
  @CsrfChecked()
  async revoke(@Res() res: Response, @PageUser() user: SignedInUser, @Param('grantId') grantId: string): Promise<void> {
    if (!(await isLiveConnectionOf(this.db, grantId, user.id))) {
      throw new ErrorPage({ status: 404, title: 'Connection not found', message: 'It may already have been revoked.', user });
    }
    await revokeGrant(this.ds, this.redis, grantId);
    res.redirect(303, '/account?revoked=1');
  }
}
