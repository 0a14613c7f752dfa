import type { ParseArgsOptionsConfig } from 'node:util';
import type { DataSource } from 'typeorm';
import type { CliConfig } from '../cli.config';

/** Flag values as `parseArgs` returns them for string and boolean options. */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CommandContext {
  dataSource: DataSource;
  config: CliConfig;
  /** Progress for people; goes to stderr so stdout stays one JSON object under --json. */
  log(message: string): void;
}

export interface CommandOutput {
  /** Printed as the single stdout object under --json. */
  json: object;
  /** Printed without --json. */
  human: string;
}

/**
 * One verb: its flags (parsed strictly, so an unknown flag is an error), `parse`, which checks them
 * before any connection is opened, and `run`, which calls the verb's plain, DataSource-taking core function.
 */
export interface CommandDefinition<Input = unknown> {
  verb: string;
  usage: string;
  options: ParseArgsOptionsConfig;
  parse(flags: FlagValues): Input;
  run(context: CommandContext, input: Input): Promise<CommandOutput>;
}
