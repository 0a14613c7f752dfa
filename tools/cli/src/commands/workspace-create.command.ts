import { createTenant, createWorkspace as insertWorkspace } from '@cs/accounts';
import type { DataSource } from 'typeorm';
import type { CommandDefinition } from './command.definition';
import { requiredFlag, validName } from './input.validation';

export interface CreateWorkspaceInput {
  name: string;
}

/**
 * A workspace always lives in a tenant; an operator creating one from the CLI starts a new customer,
 * so it gets a tenant of its own, named like the workspace. Both rows or neither.
 */
export async function createWorkspace(ds: DataSource, input: CreateWorkspaceInput): Promise<{ id: string }> {
  const name = validName(input.name, 'workspace name');
  return ds.transaction(async (manager) => {
    const createdAt = new Date();
    const tenant = await createTenant(manager, { name, createdAt });
    const workspace = await insertWorkspace(manager, { tenantId: tenant.id, name, createdAt });
    return { id: workspace.id };
  });
}

export const workspaceCreateCommand: CommandDefinition<CreateWorkspaceInput> = {
  verb: 'workspace:create',
  usage: 'workspace:create --name N [--json]',
  options: { name: { type: 'string' } },
  parse: (flags) => ({ name: validName(requiredFlag(flags, 'name'), 'workspace name') }),
  async run({ dataSource }, input) {
    const result = await createWorkspace(dataSource, input);
    return { json: result, human: `Created workspace ${result.id} ("${input.name}")` };
  },
};
