import { hashPassword, verifyPassword } from '@cs/domain';
import type { RowQueryable } from '@cs/persistence';
import type { Pool } from 'pg';

// Unknown emails are checked against this hash so that a wrong email costs the same time as a wrong password.
const decoy = hashPassword('decoy password that never matches');

/** The user id for a correct email and password, else null. Emails match case-insensitively (users are unique on lower(email)). */
export async function userIdForCredentials(db: RowQueryable, email: string, password: string): Promise<string | null> {
  const [user] = await db.query<{ id: string; password_hash: string | null }>('SELECT id, password_hash FROM users WHERE lower(email) = lower($1)', [email]);
  const ok = await verifyPassword(password, user?.password_hash ?? (await decoy));
  return ok && user?.password_hash ? user.id : null;
}

/**
 * A user's email address, or undefined for an unknown id. The token endpoint asks this on every exchange, so it
 * is a named statement that Postgres plans once per connection.
 */
export async function userEmail(pool: Pool, userId: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ email: string }>({ name: 'auth-user-email', text: 'SELECT email FROM users WHERE id = $1', values: [userId] });
  return rows[0]?.email;
}

/** Every sign-in attempt is kept (email lower-cased, client address, outcome) for the operator's audit. */
export async function recordSignInAttempt(db: RowQueryable, attempt: { email: string; ip: string; succeeded: boolean }): Promise<void> {
  await db.query('INSERT INTO sign_in_attempts (email, ip, succeeded) VALUES ($1, $2, $3)', [attempt.email.toLowerCase(), attempt.ip, attempt.succeeded]);
}
