import { enableOAuthApps } from '@cs/oauth';
import { CliError } from '../cli-error';
import type { CommandDefinition } from './command.definition';
import { requiredFlag } from './input.validation';

/** docs/api.md "OAuth": admins register OAuth clients only in workspaces the operator enabled. */
export const oauthEnableCommand: CommandDefinition<{ workspaceId: string }> = {
  verb: 'oauth:enable',
  usage: 'oauth:enable --workspace W [--json]',
  options: { workspace: { type: 'string' } },
  parse: (flags) => ({ workspaceId: requiredFlag(flags, 'workspace') }),
  async run({ dataSource }, { workspaceId }) {
    if (!(await enableOAuthApps(dataSource, workspaceId))) throw new CliError('not_found', `workspace ${workspaceId} does not exist`);
    return { json: { workspace_id: workspaceId, oauth_apps_enabled: true }, human: `OAuth apps enabled for workspace ${workspaceId}` };
  },
};
