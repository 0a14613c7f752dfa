import { hashPassword, verifyPassword } from '@cs/domain';
import type { DataSource } from 'typeorm';

// Unknown emails are checked against this hash so that a wrong email costs the same time as a wrong password.
const decoy = hashPassword('decoy password that never matches');

/** The user id for a correct email and password, else null. */
export async function checkCredentials(ds: DataSource, email: string, password: string): Promise<string | null> {
  const [user] = await ds.query<{ id: string; password_hash: string | null }[]>(
    'SELECT id, password_hash FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  const ok = await verifyPassword(password, user?.password_hash ?? (await decoy));
  return ok && user?.password_hash ? user.id : null;
}
