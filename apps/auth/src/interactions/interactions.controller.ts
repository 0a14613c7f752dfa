import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { DATA_SOURCE } from '@cs/nest-infrastructure';
import { PROVIDER_HOLDER, type ProviderHolder } from '../oidc/provider-holder';
import { renderConsent, SCOPE_DESCRIPTIONS } from '../views/consent.view';
import { renderError } from '../views/error.view';
import { renderSignIn } from '../views/sign-in.view';
import { csrfToken, csrfValid } from '../web/csrf';
import { sendHtml } from '../web/send-html';
import { SignInService } from '../web/sign-in.service';
import { WebSessions } from '../web/web-sessions';

type Details = Awaited<ReturnType<ProviderHolder['current']['interactionDetails']>>;

/** The OAuth interaction: sign-in, then consent with the choice of workspace. */
@Controller('interaction')
export class InteractionsController {
  constructor(
    @Inject(PROVIDER_HOLDER) private readonly holder: ProviderHolder,
    @Inject(DATA_SOURCE) private readonly ds: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly sessions: WebSessions,
    private readonly signIn: SignInService,
  ) {}


  @Get(':uid')
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const details = await this.holder.current.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const user = await this.sessions.current(req);
      if (user) return this.finish(req, res, { login: { accountId: user.id } });
      return sendHtml(res, 200, renderSignIn({ action: `/interaction/${details.uid}/sign-in`, csrfToken: csrfToken(req, res, this.config.secureCookies), clientName: await this.clientName(details) }));
    }
    return this.showConsent(req, res, details, 200);
  }

  @Post(':uid/sign-in')
  async submitSignIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const details = await this.holder.current.interactionDetails(req, res);
    if (!csrfValid(req)) return this.forbidden(res);
    const outcome = await this.signIn.attempt(req, res, req.body as Record<string, unknown>);
    if (outcome.ok) return this.finish(req, res, { login: { accountId: outcome.userId } });
    const email = typeof req.body?.email === 'string' ? (req.body.email as string) : '';
    return sendHtml(
      res,
      outcome.status,
      renderSignIn({
        action: `/interaction/${details.uid}/sign-in`,
        csrfToken: csrfToken(req, res, this.config.secureCookies),
        email,
        clientName: await this.clientName(details),
        ...(outcome.throttledSeconds ? { throttledSeconds: outcome.throttledSeconds } : { error: outcome.error }),
      }),
    );
  }

  @Post(':uid/consent')
  async submitConsent(@Req() req: Request, @Res() res: Response): Promise<void> {
    const details = await this.holder.current.interactionDetails(req, res);
    if (!csrfValid(req)) return this.forbidden(res);
    const body = req.body as Record<string, unknown>;
    if (body['action'] === 'deny') {
      return this.finish(req, res, { error: 'access_denied', error_description: 'The user did not allow access.' });
    }
    const accountId = details.session?.accountId;
    if (details.prompt.name !== 'consent' || !accountId) return this.forbidden(res);
    const workspaceId = typeof body['workspace_id'] === 'string' ? body['workspace_id'] : '';
    const workspaces = await this.workspacesOf(accountId);
    if (!workspaces.some((w) => w.id === workspaceId)) return this.showConsent(req, res, details, 400, 'Choose the workspace to connect.');

    const provider = this.holder.current;
    const clientId = String(details.params['client_id']);
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = new provider.Grant({ accountId, clientId });
    // Spec: offline_access is always included, so refresh works without asking again.
    grant.addOIDCScope([...new Set([...(missing.missingOIDCScope ?? []), 'offline_access'])].join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    const resourceScopes = new Set<string>();
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
      scopes.forEach((s) => resourceScopes.add(s));
    }
    const grantId = await grant.save();
    await this.ds.query(
      'INSERT INTO oauth_connections (grant_id, client_id, user_id, workspace_id, scopes) VALUES ($1, $2, $3, $4, $5)',
      [grantId, clientId, accountId, workspaceId, [...resourceScopes, 'offline_access']],
    );
    return this.finish(req, res, { consent: { grantId } });
  }

  private async showConsent(req: Request, res: Response, details: Details, status: number, error?: string): Promise<void> {
    const accountId = details.session?.accountId;
    const client = await this.holder.current.Client.find(String(details.params['client_id']));
    if (!accountId || !client) return this.forbidden(res);
    const [user] = await this.ds.query<{ email: string }[]>('SELECT email FROM users WHERE id = $1', [accountId]);
    const requested = String(details.params['scope'] ?? '').split(' ').filter((s) => s in SCOPE_DESCRIPTIONS && s !== 'openid');
    const scopes = [...new Set([...requested, 'offline_access'])].map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] ?? scope }));
    return sendHtml(
      res,
      status,
      renderConsent({
        action: `/interaction/${details.uid}/consent`,
        csrfToken: csrfToken(req, res, this.config.secureCookies),
        client: { name: client.clientName ?? client.clientId, logoUri: client.logoUri ?? null, clientId: client.clientId },
        user: { email: user?.email ?? '' },
        scopes,
        workspaces: await this.workspacesOf(accountId),
        ...(error ? { error } : {}),
      }),
    );
  }

  private workspacesOf(userId: string): Promise<{ id: string; name: string }[]> {
    return this.ds.query(
      'SELECT w.id, w.name FROM memberships m JOIN workspaces w ON w.id = m.workspace_id WHERE m.user_id = $1 ORDER BY w.name, w.id',
      [userId],
    );
  }

  private async clientName(details: Details): Promise<string | undefined> {
    const client = await this.holder.current.Client.find(String(details.params['client_id']));
    return client?.clientName ?? undefined;
  }

  private async finish(req: Request, res: Response, result: Parameters<ProviderHolder['current']['interactionFinished']>[2]): Promise<void> {
    await this.holder.current.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }

  private forbidden(res: Response): void {
    sendHtml(res, 403, renderError({ status: 403, title: 'This form has expired', message: 'Go back, reload the page and try again.' }));
  }
}
