import { addMembership, createUser as insertUser } from '@cs/accounts';
import { hashPassword, type Role } from '@cs/domain';
import type { DataSource } from 'typeorm';
import { CliError } from '../cli-error';
import type { CommandDefinition } from './command.definition';
import { requiredFlag, validEmail, validPassword, validRole } from './input.validation';
import { findMembership, findUserByEmail, requireWorkspace } from './workspace.lookup';

export interface CreateUserInput {
  workspaceId: string;
  email: string;
  password: string;
  role: string;
}

/**
 * Adds a member to a workspace. A user is one person across workspaces, so an existing email is
 * reused as it is (its password is neither checked nor changed); only the membership is new.
 */
export async function createUser(ds: DataSource, input: CreateUserInput): Promise<{ id: string }> {
  const email = validEmail(input.email);
  const password = validPassword(input.password);
  const role: Role = validRole(input.role);
  // scrypt is slow on purpose; hash before the transaction so no locks are held meanwhile.
  const passwordHash = await hashPassword(password);

  return ds.transaction(async (manager) => {
    const workspace = await requireWorkspace(manager, input.workspaceId);
    let user = await findUserByEmail(manager, email);
    if (user && (await findMembership(manager, workspace.id, user.id))) {
      throw new CliError('conflict', `${email} is already a member of workspace ${workspace.id}`);
    }
    user ??= await insertUser(manager, { email, name: null, passwordHash });
    await addMembership(manager, { workspaceId: workspace.id, userId: user.id, role });
    return { id: user.id };
  });
}

export const userCreateCommand: CommandDefinition<CreateUserInput> = {
  verb: 'user:create',
  usage: 'user:create --workspace W --email E --password P --role admin|member [--json]',
  options: {
    workspace: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
  },
  parse: (flags) => ({
    workspaceId: requiredFlag(flags, 'workspace'),
    email: validEmail(requiredFlag(flags, 'email')),
    password: validPassword(requiredFlag(flags, 'password')),
    role: validRole(requiredFlag(flags, 'role')),
  }),
  async run({ dataSource }, input) {
    const result = await createUser(dataSource, input);
    return { json: result, human: `User ${result.id} (${input.email}) is now ${input.role} of ${input.workspaceId}` };
  },
};
