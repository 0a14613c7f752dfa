import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiKeyNameError, apiKeysOfUser, createApiKey, revokeApiKey, type SignedInUser, workspacesOf } from '@cs/accounts';
import type { RowQueryable } from '@cs/persistence';
import type { Request, Response } from 'express';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth-config';
import { sendConfirmPage } from '../web/confirm-page';
import { field, type FormBody } from '../web/form-fields';
import { ErrorPage } from '../web/page-answer';
import { CsrfChecked, Form, PageUser, SignedIn } from '../web/page.decorators';
import { RevealedSecrets } from '../web/revealed-secrets';
import { SQL } from '../web/sql.token';
import { accountPage, fromAccountPage } from './account-answers';

const keyNotFound = (user: SignedInUser) => new ErrorPage({ status: 404, title: 'API key not found', message: 'It may already have been revoked.', user });

/**
 * Account → API keys: every member creates and revokes their own keys (issue 19). A key acts as its user in one
 * workspace, so the workspace must be one of theirs; admin rights are not needed.
 */
@Controller('account/api-keys')
@SignedIn('/account')
export class PersonalApiKeysController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(SQL) private readonly db: RowQueryable,
    private readonly revealed: RevealedSecrets,
  ) {}

  @Post()
  @CsrfChecked()
  async create(@Req() req: Request, @Res() res: Response, @PageUser() user: SignedInUser, @Form() body: FormBody): Promise<void> {
    const workspace = (await workspacesOf(this.db, user.id)).find((w) => w.id === field(body, 'workspace_id'));
    if (!workspace) throw new ErrorPage({ status: 403, title: 'Not a workspace of yours', message: 'A key can only act in a workspace you are a member of.', user });
    const name = field(body, 'name').trim() || 'API key';
    try {
      const { key } = await createApiKey(this.db, { workspaceId: workspace.id, userId: user.id }, name);
      const revealed = await this.revealed.keep(req, { label: `API key "${name}" for ${workspace.name}`, value: key });
      res.redirect(303, accountPage('key_created', revealed));
    } catch (error) {
      if (!(error instanceof ApiKeyNameError)) throw error;
      throw new ErrorPage({ status: 400, title: 'This key cannot be created', message: error.message, user });
    }
  }

  @Get(':keyId/revoke')
  async confirmRevoke(@Req() req: Request, @Res() res: Response, @PageUser() user: SignedInUser, @Param('keyId') keyId: string): Promise<void> {
    const key = await this.liveKey(user, keyId);
    sendConfirmPage(req, res, this.config, fromAccountPage(user), {
      title: `Revoke the API key ${key.name}?`,
      consequence: `Scripts and servers using it in ${key.workspaceName} are refused from the next request on. This cannot be undone.`,
      button: { value: 'revoke_api_key', label: 'Revoke key', danger: true },
    });
  }

  @Post(':keyId/revoke')
  @CsrfChecked()
  async revoke(@Res() res: Response, @PageUser() user: SignedInUser, @Param('keyId') keyId: string): Promise<void> {
    const key = await this.liveKey(user, keyId);
    if (!(await revokeApiKey(this.db, { workspaceId: key.workspaceId, userId: user.id }, key.id))) throw keyNotFound(user);
    res.redirect(303, accountPage('key_revoked'));
  }

  /** One of the user's own live keys, else the 404 page. */
  private async liveKey(user: SignedInUser, keyId: string) {
    const key = (await apiKeysOfUser(this.db, user.id)).find((k) => k.id === keyId && !k.revokedAt);
    if (!key) throw keyNotFound(user);
    return key;
  }
}
