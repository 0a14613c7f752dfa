import { apiKeyCreateCommand } from './api-key-create.command';
import type { CommandDefinition } from './command.definition';
import { migrateCommand } from './migrate.command';
import { seedDemoCommand } from './seed-demo.command';
import { userCreateCommand } from './user-create.command';
import { workspaceCreateCommand } from './workspace-create.command';

export const COMMANDS: readonly CommandDefinition[] = [
  migrateCommand,
  seedDemoCommand,
  workspaceCreateCommand,
  userCreateCommand,
  apiKeyCreateCommand,
];

export function findCommand(verb: string): CommandDefinition | undefined {
  return COMMANDS.find((command) => command.verb === verb);
}

export function usageText(): string {
  return ['usage: cli <verb> [flags] [--json]', '', 'verbs:', ...COMMANDS.map((c) => `  ${c.usage}`)].join('\n');
}
