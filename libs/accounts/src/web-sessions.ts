import { randomBytes } from 'node:crypto';
import { secretDigest } from '@cs/domain';
import type { RowQueryable } from '@cs/persistence';

/** How long a browser session of the account and developer pages lasts. */
export const WEB_SESSION_SECONDS = 14 * 24 * 3600;

export interface SignedInUser {
  id: string;
  email: string;
  /** Whether they administer at least one workspace: the pages link admin pages only then. */
  administers: boolean;
}

/**
 * Browser sessions of the account and developer pages. The browser holds a random token; Postgres holds only its
 * digest, so every replica knows every session and a database leak yields no usable token.
 */
export class WebSessionStore {
  constructor(private readonly db: RowQueryable) {}

  /** Starts a session and returns its token (to be set as the cookie; it is not kept). */
  async start(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.query('INSERT INTO web_sessions (id_digest, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))', [
      secretDigest(token),
      userId,
      WEB_SESSION_SECONDS,
    ]);
    return token;
  }

  /** The user of an unexpired session, else null. */
  async user(token: string): Promise<SignedInUser | null> {
    const [row] = await this.db.query<SignedInUser>(
      `SELECT u.id, u.email,
              EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.role = 'admin') AS administers
       FROM web_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_digest = $1 AND s.expires_at > now()`,
      [secretDigest(token)],
    );
    return row ?? null;
  }

  async end(token: string): Promise<void> {
    await this.db.query('DELETE FROM web_sessions WHERE id_digest = $1', [secretDigest(token)]);
  }
}
