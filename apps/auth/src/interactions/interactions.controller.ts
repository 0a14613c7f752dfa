import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { type MemberWorkspace, userEmail, workspacesOf } from '@cs/accounts';
import { DATA_SOURCE } from '@cs/nest-infrastructure';
import { assistantConnectionPolicy, clientWorkspaceName, recordConnection, rememberMetadataDocumentClient, requestAssistantConnection, withOfflineAccess } from '@cs/oauth';
import { postgresPool, type RowQueryable } from '@cs/persistence';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { assistantDescription, isAssistantClient, isMetadataDocumentClient, type ProviderClientView } from '../oidc/assistant-client.check';
import { PROVIDER_HOLDER, type ProviderHolder } from '../oidc/provider-holder';
import { renderConnectionPending } from '../views/connection-pending.view';
import { renderConsent, SCOPE_DESCRIPTIONS, type UnverifiedApp } from '../views/consent.view';
import { renderSignIn } from '../views/sign-in.view';
import { csrfToken } from '../web/csrf';
import { field, type FormBody } from '../web/form-fields';
import { ErrorPage } from '../web/page-answer';
import { CsrfChecked, Form } from '../web/page.decorators';
import { sendHtml } from '../web/send-html';
import { SignInService } from '../web/sign-in.service';
import { SQL } from '../web/sql.token';
import { WebSessions } from '../web/web-sessions';
import { Interaction, type InteractionDetails, OAuthInteraction } from './interaction.guard';
import { sameAuthorizationWithSignIn } from './switch-account';

/** What an interaction answers to a form it cannot take (expired CSRF token, or a step out of order). */
const RETRY = 'Go back, reload the page and try again.';
const formExpired = () => new ErrorPage({ status: 403, title: 'This form has expired', message: RETRY });

/** The host of the redirect URI (oidc-provider checked it is registered before the interaction began). */
function hostOf(uri: unknown): string {
  try {
    return typeof uri === 'string' ? new URL(uri).host : '';
  } catch {
    return '';
  }
}

/** How the consent page names an app that registered itself: by its metadata document's host, else its redirect URI's. */
function unverifiedApp(client: ProviderClientView, redirectUri: unknown): UnverifiedApp {
  return isMetadataDocumentClient(client) ? { host: hostOf(client.clientId), hostKind: 'metadata_document' } : { host: hostOf(redirectUri), hostKind: 'redirect_uri' };
}

/** The OAuth interaction: sign-in, then consent with the choice of workspace. */
@Controller('interaction')
@OAuthInteraction()
export class InteractionsController {
  constructor(
    @Inject(PROVIDER_HOLDER) private readonly holder: ProviderHolder,
    @Inject(SQL) private readonly db: RowQueryable,
    @Inject(DATA_SOURCE) private readonly ds: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly sessions: WebSessions,
    private readonly signIn: SignInService,
  ) {}

  @Get(':uid')
  async show(@Req() req: Request, @Res() res: Response, @Interaction() details: InteractionDetails): Promise<void> {
    if (details.prompt.name === 'login') {
      const user = await this.sessions.current(req);
      if (user) return this.finish(req, res, { login: { accountId: user.id } });
      return sendHtml(res, 200, renderSignIn({ action: `/interaction/${details.uid}/sign-in`, csrfToken: csrfToken(req, res, this.config), clientName: await this.clientName(details) }));
    }
    return this.showConsent(req, res, details, 200);
  }

  @Post(':uid/sign-in')
  @CsrfChecked(RETRY)
  async submitSignIn(@Req() req: Request, @Res() res: Response, @Interaction() details: InteractionDetails, @Form() body: FormBody): Promise<void> {
    const outcome = await this.signIn.attempt(req, res, body);
    if (outcome.ok) return this.finish(req, res, { login: { accountId: outcome.userId } });
    return sendHtml(
      res,
      outcome.status,
      renderSignIn({
        action: `/interaction/${details.uid}/sign-in`,
        csrfToken: csrfToken(req, res, this.config),
        email: field(body, 'email'),
        clientName: await this.clientName(details),
        ...(outcome.throttledSeconds ? { throttledSeconds: outcome.throttledSeconds } : { error: outcome.error }),
      }),
    );
  }

  @Post(':uid/consent')
  @CsrfChecked(RETRY)
  async submitConsent(@Req() req: Request, @Res() res: Response, @Interaction() details: InteractionDetails, @Form() body: FormBody): Promise<void> {
    if (body['action'] === 'deny') {
      return this.finish(req, res, { error: 'access_denied', error_description: 'The user did not allow access.' });
    }
    const accountId = details.session?.accountId;
    if (details.prompt.name !== 'consent' || !accountId) throw formExpired();
    const workspaceId = field(body, 'workspace_id');
    const workspace = (await this.workspacesOf(accountId)).find((w) => w.id === workspaceId);
    if (!workspace) return this.showConsent(req, res, details, 400, 'Choose the workspace to connect.');

    const clientId = String(details.params['client_id']);
    const client = await this.holder.current.Client.find(clientId);
    if (!client) throw formExpired();
    if (isAssistantClient(client) && (await this.holdAssistant(req, res, details, client, workspace, accountId))) return;
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = new this.holder.current.Grant({ accountId, clientId });
    grant.addOIDCScope(withOfflineAccess(missing.missingOIDCScope ?? []).join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    const resourceScopes = new Set<string>();
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
      scopes.forEach((s) => resourceScopes.add(s));
    }
    const grantId = await grant.save();
    await recordConnection(this.db, { grantId, clientId, userId: accountId, workspaceId, scopes: resourceScopes });
    return this.finish(req, res, { consent: { grantId } });
  }

  /**
   * The workspace's "AI assistant connections" switch, for an app that registered itself: off refuses it (another
   * workspace may still be chosen); "ask an admin first" holds the consent on a waiting page until an admin approved
   * this app for this member. True when the answer was sent here and the consent goes no further.
   */
  private async holdAssistant(
    req: Request,
    res: Response,
    details: InteractionDetails,
    client: ProviderClientView & { logoUri?: string | undefined },
    workspace: Pick<MemberWorkspace, 'id' | 'name'>,
    userId: string,
  ): Promise<boolean> {
    const policy = await assistantConnectionPolicy(this.db, workspace.id);
    if (policy === 'off') {
      await this.showConsent(req, res, details, 403, `AI assistant connections are turned off in the ${workspace.name} workspace. Choose another workspace, or ask one of its admins.`);
      return true;
    }
    // The row that names the app on the account page and in the admins' list, and that connections reference.
    if (isMetadataDocumentClient(client)) await rememberMetadataDocumentClient(this.db, client.clientId, assistantDescription(client));
    if (policy !== 'ask_admin') return false;
    const state = await requestAssistantConnection(this.db, { workspaceId: workspace.id, clientId: client.clientId, userId });
    if (state === 'approved') return false;
    if (state === 'denied') {
      await this.showConsent(req, res, details, 403, `An admin of the ${workspace.name} workspace declined this app. Choose another workspace, or ask one of its admins.`);
      return true;
    }
    sendHtml(
      res,
      202,
      renderConnectionPending({
        action: `/interaction/${details.uid}/consent`,
        csrfToken: csrfToken(req, res, this.config),
        client: { name: client.clientName ?? client.clientId, logoUri: client.logoUri ?? null },
        workspace,
      }),
    );
    return true;
  }

  /** "Not you? Switch account": signs out, then asks the same authorization again, with a sign-in first. */
  @Post(':uid/switch-account')
  @CsrfChecked(RETRY)
  async switchAccount(@Req() req: Request, @Res() res: Response, @Interaction() details: InteractionDetails): Promise<void> {
    await this.sessions.end(req, res);
    res.redirect(303, sameAuthorizationWithSignIn(details.params));
  }

  private async showConsent(req: Request, res: Response, details: InteractionDetails, status: number, error?: string): Promise<void> {
    const accountId = details.session?.accountId;
    const client = await this.holder.current.Client.find(String(details.params['client_id']));
    if (!accountId || !client) throw formExpired();
    const requested = String(details.params['scope'] ?? '').split(' ').filter((s) => s in SCOPE_DESCRIPTIONS && s !== 'openid');
    return sendHtml(
      res,
      status,
      renderConsent({
        action: `/interaction/${details.uid}/consent`,
        csrfToken: csrfToken(req, res, this.config),
        client: {
          name: client.clientName ?? client.clientId,
          logoUri: client.logoUri ?? null,
          clientId: client.clientId,
          workspaceName: (await clientWorkspaceName(this.db, client.clientId)) ?? null,
        },
        ...(isAssistantClient(client) ? { unverified: unverifiedApp(client, details.params['redirect_uri']) } : {}),
        redirectHost: hostOf(details.params['redirect_uri']),
        switchAccountAction: `/interaction/${details.uid}/switch-account`,
        user: { email: (await userEmail(postgresPool(this.ds), accountId)) ?? '' },
        scopes: withOfflineAccess(requested).map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] ?? scope })),
        workspaces: await this.workspacesOf(accountId),
        ...(error ? { error } : {}),
      }),
    );
  }

  private async workspacesOf(userId: string): Promise<Pick<MemberWorkspace, 'id' | 'name'>[]> {
    return (await workspacesOf(this.db, userId)).map(({ id, name }) => ({ id, name }));
  }

  private async clientName(details: InteractionDetails): Promise<string | undefined> {
    const client = await this.holder.current.Client.find(String(details.params['client_id']));
    return client?.clientName ?? undefined;
  }

  private async finish(req: Request, res: Response, result: Parameters<ProviderHolder['current']['interactionFinished']>[2]): Promise<void> {
    await this.holder.current.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }
}
