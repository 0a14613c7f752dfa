import { randomBytes } from 'node:crypto';
import { secretDigest } from '@cs/domain';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { clearCookie, readCookie, writeCookie } from './cookies';

const SESSION_COOKIE = 'cs_session';
const SESSION_SECONDS = 14 * 24 * 3600;

export interface SignedInUser {
  id: string;
  email: string;
}

/**
 * Browser sessions of the account and developer pages. The cookie holds a random token; Postgres holds
 * only its digest, so every replica knows every session and a database leak yields no usable cookie.
 */
export class WebSessions {
  constructor(
    private readonly ds: DataSource,
    private readonly secure: boolean,
  ) {}

  async start(res: Response, userId: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.ds.query(
      `INSERT INTO web_sessions (id_digest, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [secretDigest(token), userId, SESSION_SECONDS],
    );
    writeCookie(res, SESSION_COOKIE, token, { secure: this.secure, maxAgeSeconds: SESSION_SECONDS });
  }

  async current(req: Request): Promise<SignedInUser | null> {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token) return null;
    const [row] = await this.ds.query<SignedInUser[]>(
      `SELECT u.id, u.email FROM web_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_digest = $1 AND s.expires_at > now()`,
      [secretDigest(token)],
    );
    return row ?? null;
  }

  async end(req: Request, res: Response): Promise<void> {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) await this.ds.query('DELETE FROM web_sessions WHERE id_digest = $1', [secretDigest(token)]);
    clearCookie(res, SESSION_COOKIE, this.secure);
  }
}
