import { runMigrations } from '@cs/persistence';
import type { DataSource } from 'typeorm';
import type { CommandDefinition } from './command.definition';

export interface MigrateResult {
  applied: string[];
}

/** Applies pending migrations (runMigrations serialises concurrent runs with an advisory lock). */
export async function migrate(ds: DataSource): Promise<MigrateResult> {
  return { applied: await runMigrations(ds) };
}

export const migrateCommand: CommandDefinition<void> = {
  verb: 'migrate',
  usage: 'migrate [--json]',
  options: {},
  parse: () => undefined,
  async run({ dataSource }) {
    const result = await migrate(dataSource);
    const human =
      result.applied.length === 0
        ? 'Schema is up to date; no migration applied.'
        : `Applied ${result.applied.length} migration(s): ${result.applied.join(', ')}`;
    return { json: result, human };
  },
};
