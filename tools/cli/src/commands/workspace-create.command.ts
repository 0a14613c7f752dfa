import { newId } from '@cs/domain';
import { TenantEntity, WorkspaceEntity } from '@cs/persistence';
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
    const now = new Date();
    const tenant = await manager.save(TenantEntity, { id: newId('tenant', now), name, createdAt: now });
    const workspace = await manager.save(WorkspaceEntity, {
      id: newId('workspace', now),
      tenantId: tenant.id,
      name,
      oauthAppsEnabled: false,
      createdAt: now,
    });
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
