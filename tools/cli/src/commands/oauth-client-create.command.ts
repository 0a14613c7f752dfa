import { ClientValidationError, OAuthNotEnabledError, REGISTRABLE_SCOPES, registerClient } from '@cs/oauth';
import { CliError } from '../cli-error';
import type { CommandDefinition } from './command.definition';
import { requiredFlag } from './input.validation';
import { requireWorkspace } from './workspace.lookup';

export interface OAuthClientCreateInput {
  workspaceId: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
  logoUri: string | null;
}

/** Registers a client on behalf of the workspace's first admin (the operator acts for them). */
export const oauthClientCreateCommand: CommandDefinition<OAuthClientCreateInput> = {
  verb: 'oauth-client:create',
  usage: `oauth-client:create --workspace W --name N --redirect-uri U [--redirect-uri U2] --scopes "${REGISTRABLE_SCOPES.join(' ')}" [--logo-uri L] [--json]`,
  options: {
    workspace: { type: 'string' },
    name: { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    scopes: { type: 'string' },
    'logo-uri': { type: 'string' },
  },
  parse: (flags) => {
    const uris = flags['redirect-uri'];
    const redirectUris = (Array.isArray(uris) ? uris : [uris]).filter((u): u is string => typeof u === 'string');
    if (redirectUris.length === 0) throw new CliError('usage_error', 'missing --redirect-uri');
    return {
      workspaceId: requiredFlag(flags, 'workspace'),
      name: requiredFlag(flags, 'name'),
      redirectUris,
      scopes: requiredFlag(flags, 'scopes').split(/[\s,]+/).filter(Boolean),
      logoUri: typeof flags['logo-uri'] === 'string' ? flags['logo-uri'] : null,
    };
  },
  async run({ dataSource }, input) {
    const workspace = await requireWorkspace(dataSource.manager, input.workspaceId);
    const [admin] = await dataSource.query<{ user_id: string }[]>(
      `SELECT user_id FROM memberships WHERE workspace_id = $1 AND role = 'admin' ORDER BY created_at LIMIT 1`,
      [workspace.id],
    );
    if (!admin) throw new CliError('invalid_argument', `workspace ${workspace.id} has no admin to own the client`);
    try {
      const { clientId, clientSecret } = await registerClient(dataSource, { workspaceId: workspace.id, userId: admin.user_id }, input);
      return {
        json: { client_id: clientId, client_secret: clientSecret },
        human: `Registered ${clientId}; client secret (shown once): ${clientSecret}`,
      };
    } catch (error) {
      if (error instanceof OAuthNotEnabledError) throw new CliError('invalid_argument', error.message);
      if (error instanceof ClientValidationError) throw new CliError('invalid_argument', error.message);
      throw error;
    }
  },
};
