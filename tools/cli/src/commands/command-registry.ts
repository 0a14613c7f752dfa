import { apiKeyCreateCommand } from './api-key-create.command';
import type { CommandDefinition } from './command.definition';
import { keysRotateCommand } from './keys-rotate.command';
import { migrateCommand } from './migrate.command';
import { oauthClientCreateCommand } from './oauth-client-create.command';
import { oauthEnableCommand } from './oauth-enable.command';
import { seedDemoCommand } from './seed-demo.command';
import { userCreateCommand } from './user-create.command';
import { workspaceCreateCommand } from './workspace-create.command';

export const COMMANDS: readonly CommandDefinition[] = [
  migrateCommand,
  seedDemoCommand,
  workspaceCreateCommand,
  userCreateCommand,
  apiKeyCreateCommand,
  oauthEnableCommand,
  oauthClientCreateCommand,
  keysRotateCommand,
];

export function findCommand(verb: string): CommandDefinition | undefined {
  return COMMANDS.find((command) => command.verb === verb);
}

export function usageText(): string {
  return ['usage: cli <verb> [flags] [--json]', '', 'verbs:', ...COMMANDS.map((c) => `  ${c.usage}`)].join('\n');
}
