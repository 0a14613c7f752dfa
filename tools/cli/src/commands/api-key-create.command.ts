import { API_KEY_NAME_MAX_LENGTH, createApiKey as insertApiKey, type CreatedApiKey } from '@cs/accounts';
import type { DataSource } from 'typeorm';
import { CliError } from '../cli-error';
import type { CommandDefinition } from './command.definition';
import { optionalFlag, requiredFlag, validEmail, validName } from './input.validation';
import { findMembership, findUserByEmail, requireWorkspace } from './workspace.lookup';

export interface CreateApiKeyInput {
  workspaceId: string;
  email: string;
  name?: string;
}

const DEFAULT_KEY_NAME = 'CLI key';

/** An API key is bound to one user in one workspace (docs/api.md "Access rules"), so the user must be a member. */
export async function createApiKey(ds: DataSource, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const email = validEmail(input.email);
  const name = input.name === undefined ? DEFAULT_KEY_NAME : validName(input.name, 'key name', API_KEY_NAME_MAX_LENGTH);
  return ds.transaction(async (manager) => {
    const workspace = await requireWorkspace(manager, input.workspaceId);
    const user = await findUserByEmail(manager, email);
    const membership = user ? await findMembership(manager, workspace.id, user.id) : null;
    if (!user || !membership) throw new CliError('not_found', `${email} is not a member of workspace ${workspace.id}`);
    return insertApiKey(manager, { workspaceId: workspace.id, userId: user.id }, name);
  });
}

export const apiKeyCreateCommand: CommandDefinition<CreateApiKeyInput> = {
  verb: 'api-key:create',
  usage: 'api-key:create --workspace W --email E [--name N] [--json]',
  options: { workspace: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } },
  parse: (flags) => {
    const name = optionalFlag(flags, 'name');
    return {
      workspaceId: requiredFlag(flags, 'workspace'),
      email: validEmail(requiredFlag(flags, 'email')),
      name: name === undefined ? undefined : validName(name, 'key name', API_KEY_NAME_MAX_LENGTH),
    };
  },
  async run({ dataSource }, input) {
    const result = await createApiKey(dataSource, input);
    return { json: result, human: `Created API key ${result.id}: ${result.key} (shown once; store it now)` };
  },
};
