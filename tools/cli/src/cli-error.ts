/**
 * Stable, snake_case codes for operator errors, printed as `{"error":{"code","message"}}` with --json
 * so scripts (tools/stack, CI) can branch on the code instead of parsing the message.
 */
export type CliErrorCode =
  | 'usage_error'
  | 'invalid_argument'
  | 'not_found'
  | 'conflict'
  | 'config_error'
  | 'database_unavailable'
  | 'internal_error';

export class CliError extends Error {
  constructor(
    readonly code: CliErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
