import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { apiKeysOfUser, type SignedInUser, workspacesOf } from '@cs/accounts';
import { DATA_SOURCE, REDIS } from '@cs/nest-infrastructure';
import { connectedAppsOf, isLiveConnectionOf, liveConnectionsToApp, revokeGrant } from '@cs/oauth';
import type { RowQueryable } from '@cs/persistence';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { renderAccount } from '../views/account.view';
import { apiKeysSection } from '../views/api-keys.section';
import { revealedSecret } from '../views/revealed-secret.partial';
import { csrfToken } from '../web/csrf';
import { sendConfirmPage } from '../web/confirm-page';
import { ErrorPage } from '../web/page-answer';
import { CsrfChecked, PageUser, SignedIn } from '../web/page.decorators';
import { RevealedSecrets } from '../web/revealed-secrets';
import { sendHtml } from '../web/send-html';
import { SQL } from '../web/sql.token';
import { accountFlash, accountPage, fromAccountPage } from './account-answers';

const appNotConnected = (user: SignedInUser) =>
  new ErrorPage({ status: 404, title: 'App not connected', message: 'It may already have been revoked.', user });

/** Spec "Authentication" 7: a user revokes an app's access in their profile settings (connected apps). */
@Controller('account')
@SignedIn('/account')
export class AccountController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(SQL) private readonly db: RowQueryable,
    @Inject(DATA_SOURCE) private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly revealed: RevealedSecrets,
  ) {}

  /** Connected apps, and the user's own API keys (with a new key once, `?revealed=`). */
  @Get()
  async show(@Req() req: Request, @Res() res: Response, @PageUser() user: SignedInUser): Promise<void> {
    const token = csrfToken(req, res, this.config);
    const revealed = await this.revealed.take(req, req.query['revealed']);
    const flash = accountFlash(req.query['done']);
    const keys = apiKeysSection({ csrfToken: token, workspaces: await workspacesOf(this.db, user.id), apiKeys: await apiKeysOfUser(this.db, user.id) });
    sendHtml(
      res,
      200,
      renderAccount({
        csrfToken: token,
        user,
        apps: await connectedAppsOf(this.db, user.id),
        sections: [keys],
        revealed: revealedSecret(revealed),
        ...(flash ? { flash } : {}),
      }),
    );
  }

  @Get('apps/:clientId/revoke')
  async confirmRevoke(@Req() req: Request, @Res() res: Response, @PageUser() user: SignedInUser, @Param('clientId') clientId: string): Promise<void> {
    const app = (await connectedAppsOf(this.db, user.id)).find((a) => a.clientId === clientId);
    if (!app) throw appNotConnected(user);
    sendConfirmPage(req, res, this.config, fromAccountPage(user), {
      title: `Revoke access for ${app.clientName}?`,
      consequence: `${app.clientName} is signed out at once from ${app.workspaceNames.join(', ')} and can no longer reach your data. It will have to ask you again.`,
      button: { value: 'revoke', label: 'Revoke access', danger: true },
    });
  }

  /** Revokes every connection of the user to the app: the account page shows one row, and one Revoke, per app. */
  @Post('apps/:clientId/revoke')
  @CsrfChecked()
  async revoke(@Res() res: Response, @PageUser() user: SignedInUser, @Param('clientId') clientId: string): Promise<void> {
    const grantIds = await liveConnectionsToApp(this.db, user.id, clientId);
    if (grantIds.length === 0) throw appNotConnected(user);
    for (const grantId of grantIds) await revokeGrant(this.ds, this.redis, grantId);
    res.redirect(303, accountPage('revoked'));
  }

  /**
   * One connection (grant) of the user, for scripts that drive the pages by their forms (docs/api.md "OAuth"): the
   * page itself offers one Revoke per app, above.
   */
  @Post('connections/:grantId/revoke')
  @CsrfChecked()
  async revokeConnection(@Res() res: Response, @PageUser() user: SignedInUser, @Param('grantId') grantId: string): Promise<void> {
    if (!(await isLiveConnectionOf(this.db, grantId, user.id))) {
      throw new ErrorPage({ status: 404, title: 'Connection not found', message: 'It may already have been revoked.', user });
    }
    await revokeGrant(this.ds, this.redis, grantId);
    res.redirect(303, accountPage('revoked'));
  }
}
