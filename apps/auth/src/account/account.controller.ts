import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { revokeGrant } from '@cs/oauth';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { DATA_SOURCE, REDIS } from '@cs/nest-infrastructure';
import { renderAccount } from '../views/account.view';
import { renderError } from '../views/error.view';
import { csrfToken, csrfValid } from '../web/csrf';
import { sendHtml } from '../web/send-html';
import { WebSessions } from '../web/web-sessions';

interface ConnectionRow {
  grant_id: string;
  client_name: string;
  logo_uri: string | null;
  workspace_name: string;
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
}

/** Spec "Authentication" 7: a user revokes an app's access in their profile settings (connected apps). */
@Controller('account')
export class AccountController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(DATA_SOURCE) private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly sessions: WebSessions,
  ) {}

  @Get()
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const user = await this.sessions.current(req);
    if (!user) return res.redirect(303, '/sign-in?return_to=/account');
    const rows = await this.ds.query<ConnectionRow[]>(
      `SELECT c.grant_id, k.name AS client_name, k.logo_uri, w.name AS workspace_name, c.scopes, c.created_at, c.last_used_at
       FROM oauth_connections c JOIN oauth_clients k ON k.id = c.client_id JOIN workspaces w ON w.id = c.workspace_id
       WHERE c.user_id = $1 AND c.revoked_at IS NULL
       ORDER BY c.created_at DESC`,
      [user.id],
    );
    sendHtml(
      res,
      200,
      renderAccount({
        csrfToken: csrfToken(req, res, this.config.secureCookies),
        user,
        connections: rows.map((r) => ({
          id: r.grant_id,
          clientName: r.client_name,
          logoUri: r.logo_uri,
          workspaceName: r.workspace_name,
          scopes: r.scopes,
          connectedAt: r.created_at,
          lastUsedAt: r.last_used_at,
        })),
        ...(req.query['revoked'] === '1' ? { flash: { kind: 'success' as const, message: 'Access revoked. The app can no longer reach your data.' } } : {}),
      }),
    );
  }

  @Post('connections/:grantId/revoke')
  async revoke(@Req() req: Request, @Res() res: Response, @Param('grantId') grantId: string): Promise<void> {
    const user = await this.sessions.current(req);
    if (!user) return res.redirect(303, '/sign-in?return_to=/account');
    if (!csrfValid(req)) return sendHtml(res, 403, renderError({ status: 403, title: 'This form has expired', message: 'Reload the page and try again.', user }));
    const [owned] = await this.ds.query('SELECT 1 FROM oauth_connections WHERE grant_id = $1 AND user_id = $2 AND revoked_at IS NULL', [grantId, user.id]);
    if (!owned) return sendHtml(res, 404, renderError({ status: 404, title: 'Connection not found', message: 'It may already have been revoked.', user }));
    await revokeGrant(this.ds, this.redis, grantId);
    res.redirect(303, '/account?revoked=1');
  }
}
