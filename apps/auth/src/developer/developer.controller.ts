import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { newId, newSecret, secretDigest, secretHint } from '@cs/domain';
import {
  ClientValidationError,
  deleteClient,
  OAuthNotEnabledError,
  REGISTRABLE_SCOPES,
  registerClient,
  rotateClientSecret,
  updateClient,
  type ClientInput,
} from '@cs/oauth';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { DATA_SOURCE, REDIS } from '@cs/nest-infrastructure';
import { renderClientForm } from '../views/client-form.view';
import { SCOPE_DESCRIPTIONS } from '../views/consent.view';
import { renderDeveloperSettings, type RevealedSecret } from '../views/developer-settings.view';
import { renderError } from '../views/error.view';
import { webhooksSection } from '../views/webhooks.section';
import { WebhookSubscriptions } from '@cs/webhook-subscriptions';
import type { FlashMessage } from '../views/layout.view';
import { csrfToken } from '../web/csrf';
import { sendHtml } from '../web/send-html';
import { WebSessions } from '../web/web-sessions';
import { type AdminContext, adminPageContext } from './developer-context';

const AVAILABLE_SCOPES = REGISTRABLE_SCOPES.map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] ?? scope }));

const field = (body: Record<string, unknown>, name: string): string => (typeof body[name] === 'string' ? (body[name] as string) : '');
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : []);

function clientInput(body: Record<string, unknown>): ClientInput {
  return {
    name: field(body, 'name'),
    logoUri: field(body, 'logo_uri') || null,
    redirectUris: field(body, 'redirect_uris').split(/\r?\n/),
    scopes: list(body['scopes']),
  };
}

/** Developer settings: OAuth apps (register, edit, rotate secret, delete) and API keys (create, revoke). */
@Controller('developer')
export class DeveloperController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(DATA_SOURCE) private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly sessions: WebSessions,
    private readonly webhooks: WebhookSubscriptions,
  ) {}

  @Get()
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const ctx = await this.context(req, res, req.query['workspace']);
    if (ctx) await this.renderSettings(req, res, ctx, 200, undefined, flashFor(req.query['done']));
  }

  @Get('clients/new')
  async newClient(@Req() req: Request, @Res() res: Response): Promise<void> {
    const ctx = await this.context(req, res, req.query['workspace']);
    if (!ctx) return;
    if (!ctx.workspace.oauthAppsEnabled) return this.oauthDisabled(res, ctx);
    this.renderForm(req, res, ctx, 'create', { name: '', logoUri: '', redirectUris: '', scopes: ['conversations:read'] });
  }

  @Post('clients')
  async createClient(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = req.body as Record<string, unknown>;
    const ctx = await this.context(req, res, body['workspace_id'], true);
    if (!ctx) return;
    try {
      const { clientId, clientSecret } = await registerClient(this.ds, { workspaceId: ctx.workspace.id, userId: ctx.user.id }, clientInput(body));
      await this.renderSettings(req, res, ctx, 201, { label: `Client secret of ${field(body, 'name').trim()} (client ID ${clientId})`, value: clientSecret });
    } catch (error) {
      if (error instanceof OAuthNotEnabledError) return this.oauthDisabled(res, ctx);
      if (!(error instanceof ClientValidationError)) throw error;
      this.renderForm(req, res, ctx, 'create', formValues(body), error.errors, 400);
    }
  }

  @Get('clients/:clientId')
  async editClient(@Req() req: Request, @Res() res: Response, @Param('clientId') clientId: string): Promise<void> {
    const ctx = await this.context(req, res, req.query['workspace']);
    if (!ctx) return;
    const [client] = await this.ds.query<{ name: string; logo_uri: string | null; redirect_uris: string[]; scopes: string[] }[]>(
      'SELECT name, logo_uri, redirect_uris, scopes FROM oauth_clients WHERE id = $1 AND workspace_id = $2',
      [clientId, ctx.workspace.id],
    );
    if (!client) return this.notFound(res, ctx);
    this.renderForm(req, res, ctx, 'edit', { name: client.name, logoUri: client.logo_uri ?? '', redirectUris: client.redirect_uris.join('\n'), scopes: client.scopes }, undefined, 200, clientId);
  }

  @Post('clients/:clientId')
  async saveClient(@Req() req: Request, @Res() res: Response, @Param('clientId') clientId: string): Promise<void> {
    const body = req.body as Record<string, unknown>;
    const ctx = await this.context(req, res, body['workspace_id'], true);
    if (!ctx) return;
    try {
      if (!(await updateClient(this.ds, ctx.workspace.id, clientId, clientInput(body)))) return this.notFound(res, ctx);
      res.redirect(303, `/developer?workspace=${encodeURIComponent(ctx.workspace.id)}&done=client_saved`);
    } catch (error) {
      if (!(error instanceof ClientValidationError)) throw error;
      this.renderForm(req, res, ctx, 'edit', formValues(body), error.errors, 400, clientId);
    }
  }

  @Post('clients/:clientId/rotate-secret')
  async rotateSecret(@Req() req: Request, @Res() res: Response, @Param('clientId') clientId: string): Promise<void> {
    const ctx = await this.context(req, res, (req.body as Record<string, unknown>)['workspace_id'], true);
    if (!ctx) return;
    const secret = await rotateClientSecret(this.ds, ctx.workspace.id, clientId);
    if (!secret) return this.notFound(res, ctx);
    await this.renderSettings(req, res, ctx, 200, { label: `New client secret for client ID ${clientId}`, value: secret });
  }

  @Post('clients/:clientId/delete')
  async removeClient(@Req() req: Request, @Res() res: Response, @Param('clientId') clientId: string): Promise<void> {
    const ctx = await this.context(req, res, (req.body as Record<string, unknown>)['workspace_id'], true);
    if (!ctx) return;
    if (!(await deleteClient(this.ds, this.redis, ctx.workspace.id, clientId))) return this.notFound(res, ctx);
    res.redirect(303, `/developer?workspace=${encodeURIComponent(ctx.workspace.id)}&done=client_deleted`);
  }

  @Post('api-keys')
  async createApiKey(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = req.body as Record<string, unknown>;
    const ctx = await this.context(req, res, body['workspace_id'], true);
    if (!ctx) return;
    const name = field(body, 'name').trim() || 'API key';
    if (name.length > 100) return this.renderSettings(req, res, ctx, 400, undefined, { kind: 'error', message: 'Key names are at most 100 characters.' });
    const key = newSecret('apiKey');
    await this.ds.query('INSERT INTO api_keys (id, workspace_id, user_id, name, secret_digest, hint) VALUES ($1, $2, $3, $4, $5, $6)', [
      newId('apiKey'),
      ctx.workspace.id,
      ctx.user.id,
      name,
      secretDigest(key),
      secretHint(key),
    ]);
    await this.renderSettings(req, res, ctx, 201, { label: `API key "${name}"`, value: key });
  }

  @Post('api-keys/:keyId/revoke')
  async revokeApiKey(@Req() req: Request, @Res() res: Response, @Param('keyId') keyId: string): Promise<void> {
    const ctx = await this.context(req, res, (req.body as Record<string, unknown>)['workspace_id'], true);
    if (!ctx) return;
    const [, revoked] = (await this.ds.query(
      'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND workspace_id = $2 AND user_id = $3 AND revoked_at IS NULL',
      [keyId, ctx.workspace.id, ctx.user.id],
    )) as [unknown, number];
    if (revoked === 0) return this.notFound(res, ctx);
    res.redirect(303, `/developer?workspace=${encodeURIComponent(ctx.workspace.id)}&done=key_revoked`);
  }

  /** Resolves the admin context, answering (redirect or error page) itself when there is none. */
  private context(req: Request, res: Response, workspaceId: unknown, isForm = false): Promise<AdminContext | null> {
    return adminPageContext(this.ds, this.sessions, req, res, workspaceId, isForm);
  }

  private async renderSettings(req: Request, res: Response, ctx: AdminContext, status: number, revealed?: RevealedSecret, flash?: FlashMessage): Promise<void> {
    const clients = await this.ds.query<{ id: string; name: string; logo_uri: string | null; redirect_uris: string[]; scopes: string[]; created_at: Date; secret_hint: string }[]>(
      'SELECT id, name, logo_uri, redirect_uris, scopes, created_at, secret_hint FROM oauth_clients WHERE workspace_id = $1 ORDER BY created_at DESC',
      [ctx.workspace.id],
    );
    const keys = await this.ds.query<{ id: string; name: string; hint: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }[]>(
      'SELECT id, name, hint, created_at, last_used_at, revoked_at FROM api_keys WHERE workspace_id = $1 AND user_id = $2 ORDER BY created_at DESC',
      [ctx.workspace.id, ctx.user.id],
    );
    const webhooks = await this.webhooks.list({ workspaceId: ctx.workspace.id, userId: ctx.user.id, role: 'admin' }, { limit: 100 });
    sendHtml(
      res,
      status,
      renderDeveloperSettings({
        csrfToken: csrfToken(req, res, this.config.secureCookies),
        user: ctx.user,
        workspace: ctx.workspace,
        workspaces: ctx.workspaces,
        oauthEnabled: ctx.workspace.oauthAppsEnabled,
        clients: clients.map((c) => ({ clientId: c.id, name: c.name, logoUri: c.logo_uri, redirectUris: c.redirect_uris, scopes: c.scopes, createdAt: c.created_at, secretHint: c.secret_hint })),
        apiKeys: keys.map((k) => ({ id: k.id, name: k.name, hint: k.hint, createdAt: k.created_at, lastUsedAt: k.last_used_at, revokedAt: k.revoked_at })),
        ...(revealed ? { revealed } : {}),
        ...(flash ? { flash } : {}),
      }, [webhooksSection({ workspaceId: ctx.workspace.id, webhooks: webhooks.items, hasMore: webhooks.nextKey !== null }).toString()]),
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
        csrfToken: csrfToken(req, res, this.config.secureCookies),
        user: ctx.user,
        workspace: ctx.workspace,
        values,
        availableScopes: AVAILABLE_SCOPES,
        ...(errors ? { errors } : {}),
        ...(clientId ? { clientId } : {}),
      }),
    );
  }

  private oauthDisabled(res: Response, ctx: AdminContext): void {
    sendHtml(res, 403, renderError({ status: 403, title: 'OAuth apps are not enabled', message: 'Ask the operator of the service to enable OAuth apps for this workspace.', user: ctx.user }));
  }

  private notFound(res: Response, ctx: AdminContext): void {
    sendHtml(res, 404, renderError({ status: 404, title: 'Not found', message: 'It does not exist in this workspace, or it was already removed.', user: ctx.user }));
  }

}

function formValues(body: Record<string, unknown>) {
  return { name: field(body, 'name'), logoUri: field(body, 'logo_uri'), redirectUris: field(body, 'redirect_uris'), scopes: list(body['scopes']) };
}

function flashFor(done: unknown): FlashMessage | undefined {
  const messages: Record<string, string> = {
    client_saved: 'The app was saved.',
    client_deleted: 'The app was deleted and every token issued to it revoked.',
    key_revoked: 'The API key was revoked.',
    webhook_deleted: 'The webhook was deleted with its delivery log.',
  };
  return typeof done === 'string' && messages[done] ? { kind: 'success', message: messages[done] } : undefined;
}
