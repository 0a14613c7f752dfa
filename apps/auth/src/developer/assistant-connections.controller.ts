import { Controller, Inject, Post, Res, UseFilters } from '@nestjs/common';
import { AssistantConnectionPolicy, decideConnectionRequest, setAssistantConnectionPolicy } from '@cs/oauth';
import type { RowQueryable } from '@cs/persistence';
import type { Response } from 'express';
import { field, type FormBody } from '../web/form-fields';
import { ErrorPage } from '../web/page-answer';
import { AdminPage, CsrfChecked, Form, WorkspaceAdmin } from '../web/page.decorators';
import type { AdminContext } from '../web/page-request';
import { SQL } from '../web/sql.token';
import { notInWorkspace, settingsOf } from './developer-answers';
import { DeveloperPageFilter } from './developer-page.filter';

/** Developer settings → AI assistant connections: the workspace's switch, and admins' decisions on waiting requests. */
@Controller('developer/assistant-connections')
@WorkspaceAdmin()
@UseFilters(DeveloperPageFilter)
export class AssistantConnectionsController {
  constructor(@Inject(SQL) private readonly db: RowQueryable) {}

  @Post()
  @CsrfChecked()
  async savePolicy(@Res() res: Response, @AdminPage() ctx: AdminContext, @Form() body: FormBody): Promise<void> {
    const policy = AssistantConnectionPolicy.safeParse(field(body, 'policy'));
    if (!policy.success) throw new ErrorPage({ status: 400, title: 'Choose a setting', message: 'Choose On, Ask an admin first or Off, then save.', user: ctx.user });
    await setAssistantConnectionPolicy(this.db, ctx.workspace.id, policy.data);
    res.redirect(303, settingsOf(ctx, 'assistant_policy_saved'));
  }

  @Post('requests')
  @CsrfChecked()
  async decide(@Res() res: Response, @AdminPage() ctx: AdminContext, @Form() body: FormBody): Promise<void> {
    const action = field(body, 'action');
    if (action !== 'approve' && action !== 'deny') throw new ErrorPage({ status: 400, title: 'Choose a decision', message: 'Approve or decline the request.', user: ctx.user });
    const decided = await decideConnectionRequest(this.db, {
      workspaceId: ctx.workspace.id,
      clientId: field(body, 'client_id'),
      userId: field(body, 'user_id'),
      decidedBy: ctx.user.id,
      approve: action === 'approve',
    });
    if (!decided) throw notInWorkspace(ctx);
    res.redirect(303, settingsOf(ctx, action === 'approve' ? 'assistant_request_approved' : 'assistant_request_denied'));
  }
}
