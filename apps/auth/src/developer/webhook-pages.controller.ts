import { Controller, Get, Inject, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { DomainError } from '@cs/domain';
import { type WebhookActor, WebhookSubscriptions } from '@cs/webhook-subscriptions';
import type { Request, Response } from 'express';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import type { FlashMessage } from '../views/layout.view';
import { renderWebhookDelivery } from '../views/webhook-delivery.view';
import { renderWebhookForm, type WebhookFormField } from '../views/webhook-form.view';
import { renderWebhook } from '../views/webhook.view';
import { csrfToken } from '../web/csrf';
import { fromAdminPage, sendConfirmPage } from '../web/confirm-page';
import { field, type FormBody, list } from '../web/form-fields';
import { AdminPage, CsrfChecked, Form, WorkspaceAdmin } from '../web/page.decorators';
import type { AdminContext } from '../web/page-request';
import { type RevealedSecret, RevealedSecrets } from '../web/revealed-secrets';
import { sendHtml } from '../web/send-html';
import { settingsOf } from './developer-answers';
import { DeliveryLogCursors, type LogFilter } from './delivery-log-cursor';
import { DeveloperPageFilter } from './developer-page.filter';

const LOG_PAGE_SIZE = 25;

/** The form's fields as the JSON body the domain validates (the same rules as POST /api/v1/webhooks). */
function formInput(body: FormBody) {
  return { url: field(body, 'url'), events: list(body['events']), description: field(body, 'description') };
}

/** Field errors of a rejected form, keyed by the form field each invalid_params entry names. */
function fieldErrors(error: DomainError): Partial<Record<WebhookFormField, string>> {
  const errors: Partial<Record<WebhookFormField, string>> = {};
  const labels: Record<WebhookFormField, string> = { url: 'Endpoint URL', events: 'Events', description: 'Description' };
  for (const param of error.extras.invalidParams ?? []) {
    const name = param.name.replace(/\[\d+\]$/, '') as WebhookFormField;
    if (name in labels && !errors[name]) errors[name] = `${labels[name]} ${param.reason}.`;
  }
  return errors;
}

const FLASHES: Record<string, string> = {
  created: 'The webhook was added.',
  rotated: 'The signing secret was rotated. The previous one keeps signing beside it for 24 hours.',
  saved: 'The webhook was saved.',
  enabled: 'The webhook is enabled: new events will be delivered.',
  disabled: 'The webhook is disabled: new events are not delivered to it.',
  test_sent: 'A test event is on its way. It appears in the log below; reload to see its outcome.',
  redelivered: 'The event is being delivered again, with the same webhook-id. Reload to see its outcome.',
  recovered: 'Every event that failed since then and was not delivered since is being sent again. Reload to see the outcome.',
  nothing_to_recover: 'Nothing failed since then that was not delivered since: nothing was sent again.',
};

/** Developer settings → Webhooks: create, edit, enable/disable, rotate, delete, the delivery log, Redeliver, Send test event. */
@Controller('developer/webhooks')
@WorkspaceAdmin()
@UseFilters(DeveloperPageFilter)
export class WebhookPagesController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly webhooks: WebhookSubscriptions,
    private readonly revealed: RevealedSecrets,
    private readonly cursors: DeliveryLogCursors,
  ) {}

  @Get('new')
  newWebhook(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext): void {
    this.renderForm(req, res, ctx, 'create', { url: '', events: ['conversation.ready'], description: '' });
  }

  @Post()
  @CsrfChecked()
  async create(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Form() body: FormBody): Promise<void> {
    try {
      const created = await this.webhooks.create(actorOf(ctx), formInput(body));
      const revealed = await this.revealed.keep(req, { label: 'Webhook added. Here is its signing secret.', value: created.secret });
      this.backToWebhook(res, ctx, created.id, 'created', revealed);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'invalid_parameter') throw error;
      this.renderForm(req, res, ctx, 'create', formInput(body), fieldErrors(error), 400);
    }
  }

  @Get(':id')
  async show(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    const done = req.query['done'];
    const flash: FlashMessage | undefined = typeof done === 'string' && FLASHES[done] ? { kind: 'success', message: FLASHES[done] } : undefined;
    const secret = await this.revealed.take(req, req.query['revealed']);
    await this.renderWebhookPage(req, res, ctx, id, 200, { flash, ...(secret ? { secret } : {}) });
  }

  @Get(':id/edit')
  async edit(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    const webhook = await this.webhooks.get(actorOf(ctx), id);
    this.renderForm(req, res, ctx, 'edit', { url: webhook.url, events: webhook.events, description: webhook.description ?? '' }, undefined, 200, id);
  }

  @Post(':id')
  @CsrfChecked()
  async save(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Form() body: FormBody, @Param('id') id: string): Promise<void> {
    try {
      await this.webhooks.update(actorOf(ctx), id, formInput(body));
      this.backToWebhook(res, ctx, id, 'saved');
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'invalid_parameter') throw error;
      this.renderForm(req, res, ctx, 'edit', formInput(body), fieldErrors(error), 400, id);
    }
  }

  @Post(':id/enable')
  @CsrfChecked()
  async enable(@Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    await this.webhooks.update(actorOf(ctx), id, { enabled: true });
    this.backToWebhook(res, ctx, id, 'enabled');
  }

  @Post(':id/disable')
  @CsrfChecked()
  async disable(@Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    await this.webhooks.update(actorOf(ctx), id, { enabled: false });
    this.backToWebhook(res, ctx, id, 'disabled');
  }

  @Get(':id/rotate-secret')
  async confirmRotateSecret(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    const webhook = await this.webhooks.get(actorOf(ctx), id);
    sendConfirmPage(req, res, this.config, fromAdminPage(ctx, webhookPage(ctx, id)), {
      title: `Rotate the signing secret of ${webhook.url}?`,
      consequence: 'A new signing secret is shown once. For 24 hours each request is signed with both, time to deploy the new one; after that only the new one signs.',
      button: { value: 'rotate_secret', label: 'Rotate secret', danger: false },
    });
  }

  @Post(':id/rotate-secret')
  @CsrfChecked()
  async rotateSecret(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    const rotated = await this.webhooks.rotateSecret(actorOf(ctx), id);
    const revealed = await this.revealed.keep(req, { label: 'New signing secret. The previous one keeps signing for 24 hours.', value: rotated.secret });
    this.backToWebhook(res, ctx, id, 'rotated', revealed);
  }

  @Get(':id/delete')
  async confirmRemove(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    const webhook = await this.webhooks.get(actorOf(ctx), id);
    sendConfirmPage(req, res, this.config, fromAdminPage(ctx, webhookPage(ctx, id)), {
      title: `Delete the webhook ${webhook.url}?`,
      consequence: 'Its delivery log goes with it, and deliveries not yet sent are dropped. This cannot be undone.',
      button: { value: 'delete', label: 'Delete webhook', danger: true },
    });
  }

  @Post(':id/delete')
  @CsrfChecked()
  async remove(@Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    await this.webhooks.delete(actorOf(ctx), id);
    res.redirect(303, settingsOf(ctx, 'webhook_deleted'));
  }

  @Post(':id/test')
  @CsrfChecked()
  async sendTestEvent(@Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string): Promise<void> {
    await this.webhooks.sendTestEvent(actorOf(ctx), id);
    this.backToWebhook(res, ctx, id, 'test_sent');
  }

  @Get(':id/deliveries/:deliveryId')
  async delivery(@Req() req: Request, @Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<void> {
    const actor = actorOf(ctx);
    const [webhook, delivery] = [await this.webhooks.get(actor, id), await this.webhooks.delivery(actor, id, deliveryId)];
    sendHtml(res, 200, renderWebhookDelivery({ csrfToken: csrfToken(req, res, this.config), user: ctx.user, workspace: ctx.workspace, webhook, delivery }));
  }

  /** Recover: the `since` field of a datetime-local input, read as UTC (the times on these pages are UTC). */
  @Post(':id/recover')
  @CsrfChecked()
  async recover(@Res() res: Response, @AdminPage() ctx: AdminContext, @Form() body: FormBody, @Param('id') id: string): Promise<void> {
    const local = field(body, 'since');
    const since = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local) ? `${local.length === 16 ? `${local}:00` : local}Z` : local;
    const recovery = await this.webhooks.recover(actorOf(ctx), id, { since });
    this.backToWebhook(res, ctx, id, recovery.deliveries_created > 0 ? 'recovered' : 'nothing_to_recover');
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @CsrfChecked()
  async redeliver(@Res() res: Response, @AdminPage() ctx: AdminContext, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<void> {
    await this.webhooks.redeliver(actorOf(ctx), id, deliveryId);
    this.backToWebhook(res, ctx, id, 'redelivered');
  }

  private backToWebhook(res: Response, ctx: AdminContext, id: string, done: string, revealed?: string): void {
    res.redirect(303, `${webhookPage(ctx, id)}&done=${done}${revealed ? `&revealed=${revealed}` : ''}`);
  }

  private async renderWebhookPage(
    req: Request,
    res: Response,
    ctx: AdminContext,
    id: string,
    status: number,
    extra: { secret?: RevealedSecret; flash?: FlashMessage | undefined },
  ): Promise<void> {
    const actor = actorOf(ctx);
    const webhook = await this.webhooks.get(actor, id);
    const filter: LogFilter = req.query['status'] === 'failed' ? 'failing' : 'all';
    const log = webhook.owner_id === actor.userId ? await this.deliveryLog(actor, webhook.id, filter, req.query['cursor']) : null;
    const secret = extra.secret;
    sendHtml(
      res,
      status,
      renderWebhook({
        csrfToken: csrfToken(req, res, this.config),
        user: ctx.user,
        workspace: ctx.workspace,
        webhook,
        log,
        ...(secret ? { secret } : {}),
        ...(extra.flash ? { flash: extra.flash } : {}),
      }),
    );
  }

  /** A page of the log of a webhook the actor owns, as the page shows it. */
  private async deliveryLog(actor: WebhookActor, webhookId: string, filter: LogFilter, cursor: unknown) {
    const after = this.cursors.decode(actor, webhookId, filter, cursor);
    const page = await this.webhooks.deliveries(actor, webhookId, { filters: { status: filter }, limit: LOG_PAGE_SIZE, ...(after ? { after } : {}) });
    return {
      deliveries: page.items,
      filter: filter === 'failing' ? ('failed' as const) : ('all' as const),
      olderPage: page.nextKey ? this.cursors.encode(actor, webhookId, filter, page.nextKey) : null,
    };
  }

  private renderForm(
    req: Request,
    res: Response,
    ctx: AdminContext,
    mode: 'create' | 'edit',
    values: { url: string; events: string[]; description: string },
    errors?: Partial<Record<WebhookFormField, string>>,
    status = 200,
    webhookId?: string,
  ): void {
    sendHtml(
      res,
      status,
      renderWebhookForm({
        mode,
        csrfToken: csrfToken(req, res, this.config),
        user: ctx.user,
        workspace: ctx.workspace,
        values,
        ...(errors ? { errors } : {}),
        ...(webhookId ? { webhookId } : {}),
      }),
    );
  }
}

const webhookPage = (ctx: AdminContext, id: string) => `/developer/webhooks/${encodeURIComponent(id)}?workspace=${encodeURIComponent(ctx.workspace.id)}`;

/** Developer settings are reached by admins only (@WorkspaceAdmin()), so the actor is an admin of the page's workspace. */
function actorOf(ctx: AdminContext): WebhookActor {
  return { workspaceId: ctx.workspace.id, userId: ctx.user.id, role: 'admin' };
}
