import { ROLES, type Role } from '@cs/domain';
import { CliError } from '../cli-error';
import type { FlagValues } from './command.definition';

// Deliberately loose (one @, a dot in the domain, no spaces): the operator types it, and the schema
// caps the length; anything stricter rejects real addresses.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Names of workspaces and folders share the schema's CHECK (1..200 characters). */
export const NAME_MAX_LENGTH = 200;
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;

export function requiredFlag(flags: FlagValues, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string') throw new CliError('usage_error', `missing required flag --${name}`);
  return value;
}

export function optionalFlag(flags: FlagValues, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

export function validName(value: string, what: string, max: number = NAME_MAX_LENGTH): string {
  const name = value.trim();
  if (name.length === 0) throw new CliError('invalid_argument', `${what} must not be empty`);
  if (name.length > max) throw new CliError('invalid_argument', `${what} must be at most ${max} characters (got ${name.length})`);
  return name;
}

/** Emails are stored lower-cased: users are unique on lower(email), so the casing carries no meaning. */
export function validEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 320 || !EMAIL_SHAPE.test(email)) throw new CliError('invalid_argument', `"${value}" is not an email address`);
  return email;
}

export function validRole(value: string): Role {
  if (!(ROLES as readonly string[]).includes(value)) {
    throw new CliError('invalid_argument', `role must be one of ${ROLES.join(', ')} (got "${value}")`);
  }
  return value as Role;
}

export function validPassword(value: string): string {
  if (value.length < PASSWORD_MIN_LENGTH) throw new CliError('invalid_argument', `password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (value.length > PASSWORD_MAX_LENGTH) throw new CliError('invalid_argument', `password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  return value;
}
