import { Controller, Get, Inject, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import {
  assistantConnectionPolicy,
  pendingConnectionRequests,
  clientOfWorkspace,
  clientsOfWorkspace,
  ClientValidationError,
  deleteClient,
  OAuthNotEnabledError,
  REGISTRABLE_SCOPES,
  registerClient,
  CLIENT_SECRET_OVERLAP_HOURS,
  rotateClientSecret,
  updateClient,
  type ClientInput,
} from '@cs/oauth';
import { DATA_SOURCE, REDIS } from '@cs/nest-infrastructure';
import type { RowQueryable } from '@cs/persistence';
import { WebhookSubscriptions } from '@cs/webhook-subscriptions';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { renderClientForm } from '../views/client-form.view';
import { SCOPE_DESCRIPTIONS } from '../views/consent.view';
import { renderDeveloperSettings } from '../views/developer-settings.view';
import type { FlashMessage } from '../views/layout.view';
import { webhooksSection } from '../views/webhooks.section';
import { assistantConnectionsSection } from '../views/assistant-connections.section';
import { csrfToken } from '../web/csrf';
import { fromAdminPage, sendConfirmPage } from '../web/confirm-page';
import { field, type FormBody, list } from '../web/form-fields';
import { ErrorPage } from '../web/page-answer';
import { AdminPage, CsrfChecked, Form, WorkspaceAdmin } from '../web/page.decorators';
import type { AdminContext } from '../web/page-request';
import { sendHtml } from '../web/send-html';
import { RevealedSecrets } from '../web/revealed-secrets';
import { SQL } from '../web/sql.token';
import { notInWorkspace, settingsOf } from './developer-answers';
import { DeveloperPageFilter } from './developer-page.filter';

const AVAILABLE_SCOPES = REGISTRABLE_SCOPES.map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] ?? scope }));

function clientInput(body: FormBody): ClientInput {
  return {
    name: field(body, 'name'),
    logoUri: field(body, 'logo_uri') || null,
    redirectUris: field(body, 'redirect_uris').split(/\r?\n/),
    scopes: list(body['scopes']),
  };
}

/** Developer settings: OAuth apps (register, edit, rotate secret, delete); webhooks have their own controller. */
@Controller('developer')
@WorkspaceAdmin()
@UseFilters(DeveloperPageFilter)
export class DeveloperController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(SQL) private readonly db: RowQueryable,
    @Inject(DATA_SOURCE) private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly webhooks: WebhookSubscriptions,
    private readonly revealed: RevealedSecrets,
  ) {}

  /** The settings; after a create or rotate, the new secret once (`?revealed=`, see RevealedSecrets). */
  @Get()
  async show(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext): Promise<void> {
    const revealed = await this.revealed.take(req, req.query['revealed']);
    await this.renderSettings(req, res, ctx, 200, revealed, flashFor(req.query['done']));
  }

  @Get('clients/new')
  newClient(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext): void {
    if (!ctx.workspace.oauthAppsEnabled) throw oauthDisabled(ctx);
    this.renderForm(req, res, ctx, 'create', { name: '', logoUri: '', redirectUris: '', scopes: ['conversations:read'] });
  }

  @Post('clients')
  @CsrfChecked()
  async createClient(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Form() body: FormBody): Promise<void> {
    try {
      const { clientId, clientSecret } = await registerClient(this.ds, { workspaceId: ctx.workspace.id, userId: ctx.user.id }, clientInput(body));
      const revealed = await this.revealed.keep(req, { label: `Client secret of ${field(body, 'name').trim()} (client ID ${clientId})`, value: clientSecret });
      res.redirect(303, settingsOf(ctx, 'client_created', revealed));
    } catch (error) {
      if (error instanceof OAuthNotEnabledError) throw oauthDisabled(ctx);
      if (!(error instanceof ClientValidationError)) throw error;
      this.renderForm(req, res, ctx, 'create', formValues(body), error.errors, 400);
    }
  }

  @Get('clients/:clientId')
  async editClient(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('clientId') clientId: string): Promise<void> {
    const client = await clientOfWorkspace(this.db, ctx.workspace.id, clientId);
    if (!client) throw notInWorkspace(ctx);
    this.renderForm(req, res, ctx, 'edit', { name: client.name, logoUri: client.logoUri ?? '', redirectUris: client.redirectUris.join('\n'), scopes: client.scopes }, undefined, 200, clientId);
  }

  @Post('clients/:clientId')
  @CsrfChecked()
  async saveClient(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Form() body: FormBody, @Param('clientId') clientId: string): Promise<void> {
    try {
      if (!(await updateClient(this.ds, ctx.workspace.id, clientId, clientInput(body)))) throw notInWorkspace(ctx);
      res.redirect(303, settingsOf(ctx, 'client_saved'));
    } catch (error) {
      if (!(error instanceof ClientValidationError)) throw error;
      this.renderForm(req, res, ctx, 'edit', formValues(body), error.errors, 400, clientId);
    }
  }

  @Get('clients/:clientId/rotate-secret')
  async confirmRotateSecret(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('clientId') clientId: string): Promise<void> {
    const client = await clientOfWorkspace(this.db, ctx.workspace.id, clientId);
    if (!client) throw notInWorkspace(ctx);
    sendConfirmPage(req, res, this.config, fromAdminPage(ctx, settingsOf(ctx)), {
      title: `Rotate the secret of ${client.name}?`,
      consequence: `A new client secret is shown once. The current one keeps working beside it for ${CLIENT_SECRET_OVERLAP_HOURS} hours, time to deploy the new one; after that only the new one works.`,
      button: { value: 'rotate_secret', label: 'Rotate secret', danger: false },
    });
  }

  @Post('clients/:clientId/rotate-secret')
  @CsrfChecked()
  async rotateSecret(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('clientId') clientId: string): Promise<void> {
    const secret = await rotateClientSecret(this.ds, ctx.workspace.id, clientId);
    if (!secret) throw notInWorkspace(ctx);
    const revealed = await this.revealed.keep(req, { label: `New client secret for client ID ${clientId}`, value: secret });
    res.redirect(303, settingsOf(ctx, 'secret_rotated', revealed));
  }

  @Get('clients/:clientId/delete')
  async confirmRemoveClient(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('clientId') clientId: string): Promise<void> {
    const client = await clientOfWorkspace(this.db, ctx.workspace.id, clientId);
    if (!client) throw notInWorkspace(ctx);
    sendConfirmPage(req, res, this.config, fromAdminPage(ctx, settingsOf(ctx)), {
      title: `Delete ${client.name}?`,
      consequence: 'Every token issued to it is revoked at once, and everyone who connected it loses the connection. This cannot be undone.',
      button: { value: 'delete', label: 'Delete app', danger: true },
    });
  }

  @Post('clients/:clientId/delete')
  @CsrfChecked()
  async removeClient(@Res() res: Response, @AdminPage() ctx: AdminContext, @Param('clientId') clientId: string): Promise<void> {
    if (!(await deleteClient(this.ds, this.redis, ctx.workspace.id, clientId))) throw notInWorkspace(ctx);
    res.redirect(303, settingsOf(ctx, 'client_deleted'));
  }

  private async renderSettings(req: Request, res: Response, ctx: AdminContext, status: number, revealed?: { label: string; value: string }, flash?: FlashMessage): Promise<void> {
    const clients = await clientsOfWorkspace(this.db, ctx.workspace.id);
    const webhooks = await this.webhooks.list({ workspaceId: ctx.workspace.id, userId: ctx.user.id, role: 'admin' }, { limit: 100 });
    const assistants = assistantConnectionsSection({
      csrfToken: csrfToken(req, res, this.config),
      workspaceId: ctx.workspace.id,
      policy: (await assistantConnectionPolicy(this.db, ctx.workspace.id)) ?? 'on',
      pending: await pendingConnectionRequests(this.db, ctx.workspace.id),
    });
    sendHtml(
      res,
      status,
      renderDeveloperSettings({
        csrfToken: csrfToken(req, res, this.config),
        user: ctx.user,
        workspace: ctx.workspace,
        workspaces: ctx.workspaces,
        oauthEnabled: ctx.workspace.oauthAppsEnabled,
        clients,
        ...(revealed ? { revealed } : {}),
        ...(flash ? { flash } : {}),
      }, [assistants.toString(), webhooksSection({ workspaceId: ctx.workspace.id, webhooks: webhooks.items, hasMore: webhooks.nextKey !== null }).toString()]),
    );
  }

  private renderForm(
    req: Request,
    res: Response,
    ctx: AdminContext,
    mode: 'create' | 'edit',
    values: { name: string; logoUri: string; redirectUris: string; scopes: string[] },
    errors?: Partial<Record<'name' | 'logoUri' | 'redirectUris' | 'scopes', string>>,
    status = 200,
    clientId?: string,
  ): void {
    sendHtml(
      res,
      status,
      renderClientForm({
        mode,
        action: mode === 'create' ? '/developer/clients' : `/developer/clients/${encodeURIComponent(clientId ?? '')}`,
        csrfToken: csrfToken(req, res, this.config),
        user: ctx.user,
        workspace: ctx.workspace,
        values,
        availableScopes: AVAILABLE_SCOPES,
        ...(errors ? { errors } : {}),
        ...(clientId ? { clientId } : {}),
      }),
    );
  }

}

const oauthDisabled = (ctx: AdminContext) =>
  new ErrorPage({ status: 403, title: 'OAuth apps are not enabled', message: 'Ask the operator of the service to enable OAuth apps for this workspace.', user: ctx.user });

function formValues(body: FormBody) {
  return { name: field(body, 'name'), logoUri: field(body, 'logo_uri'), redirectUris: field(body, 'redirect_uris'), scopes: list(body['scopes']) };
}

function flashFor(done: unknown): FlashMessage | undefined {
  const messages: Record<string, string> = {
    client_created: 'The app was registered.',
    secret_rotated: `The secret was rotated. The previous one keeps working for ${CLIENT_SECRET_OVERLAP_HOURS} hours.`,
    client_saved: 'The app was saved.',
    client_deleted: 'The app was deleted and every token issued to it revoked.',
    webhook_deleted: 'The webhook was deleted with its delivery log.',
    assistant_policy_saved: 'The AI assistant connections setting was saved.',
    assistant_request_approved: 'The connection was approved: the member can finish connecting.',
    assistant_request_denied: 'The connection was declined.',
  };
  return typeof done === 'string' && messages[done] ? { kind: 'success', message: messages[done] } : undefined;
}
