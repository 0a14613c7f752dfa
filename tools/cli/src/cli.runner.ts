import { ConfigError } from '@cs/config';
import { createDataSource } from '@cs/persistence';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { CliError } from './cli-error';
import { type CliConfig, parseCliConfig } from './cli.config';
import type { CommandDefinition, CommandOutput, FlagValues } from './commands/command.definition';
import { findCommand, usageText } from './commands/command-registry';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
}

/**
 * Runs one verb and returns the exit code. Under --json, stdout receives exactly one JSON object (the
 * result, or `{"error":{…}}`), and everything meant for people goes to stderr.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // Known before parsing, so even a parse error is reported as JSON when the caller asked for JSON.
  const json = argv.includes('--json');
  try {
    const [verb, ...rest] = argv;
    if (verb === undefined || verb === '--help' || verb === 'help') {
      io.stderr(`${usageText()}\n`);
      return verb === undefined ? 1 : 0;
    }
    const command = findCommand(verb);
    if (!command) throw new CliError('usage_error', `unknown verb "${verb}"; run with --help to list the verbs`);
    // Flags and configuration are checked before a connection is opened: bad input never touches the database.
    const input = command.parse(parseFlags(command, rest));
    const config = loadConfig(io.env);
    const output = await withDataSource(config, (dataSource) =>
      command.run({ dataSource, config, log: (message) => io.stderr(`${message}\n`) }, input),
    );
    printResult(output, json, io);
    return 0;
  } catch (error) {
    const failure = toCliError(error);
    io.stderr(`error: ${failure.message}\n`);
    if (json) io.stdout(`${JSON.stringify({ error: { code: failure.code, message: failure.message } })}\n`);
    return 1;
  }
}

function parseFlags(command: CommandDefinition, args: string[]): FlagValues {
  try {
    const { values } = parseArgs({
      args,
      options: { ...command.options, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    // node:util messages are already one line ("Unknown option '--foo'. To specify …"); keep the first sentence.
    const message = error instanceof Error ? (error.message.split('. ')[0] ?? error.message) : String(error);
    throw new CliError('usage_error', `${message} (usage: ${command.usage})`);
  }
}

function loadConfig(env: NodeJS.ProcessEnv): CliConfig {
  try {
    return parseCliConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError('config_error', error.message);
    throw error;
  }
}

async function withDataSource<T>(config: CliConfig, fn: (ds: DataSource) => Promise<T>): Promise<T> {
  const dataSource = createDataSource({ url: config.DATABASE_URL, poolSize: 2, applicationName: 'cs-cli' });
  try {
    await dataSource.initialize();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError('database_unavailable', `cannot connect to the database at ${redact(config.DATABASE_URL)}: ${reason}`);
  }
  try {
    return await fn(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

function printResult(output: CommandOutput, json: boolean, io: CliIo): void {
  if (json) io.stdout(`${JSON.stringify(output.json)}\n`);
  else io.stdout(`${output.human}\n`);
}

/** Hides a password in a connection URL before it reaches a terminal or a log. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

const UNIQUE_VIOLATION = '23505';

function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const driverCode = (error as { driverError?: { code?: string } } | null)?.driverError?.code;
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  // A concurrent run can win a race past our own checks; the unique index is the final word.
  if (driverCode === UNIQUE_VIOLATION) return new CliError('conflict', message);
  return new CliError('internal_error', message);
}
