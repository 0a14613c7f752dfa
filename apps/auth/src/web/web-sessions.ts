import { type SignedInUser, WEB_SESSION_SECONDS, type WebSessionStore } from '@cs/accounts';
import type { Request, Response } from 'express';
import { clearCookie, readCookie, writeCookie } from './cookies';

/** The browser session of the pages; CSRF tokens are bound to it (csrf.ts). */
export const SESSION_COOKIE = 'cs_session';

/** Browser sessions of the account and developer pages, carried in an HttpOnly cookie (the store keeps only a digest). */
export class WebSessions {
  constructor(
    private readonly store: WebSessionStore,
    private readonly secure: boolean,
  ) {}

  async start(res: Response, userId: string): Promise<void> {
    const token = await this.store.start(userId);
    writeCookie(res, SESSION_COOKIE, token, { secure: this.secure, maxAgeSeconds: WEB_SESSION_SECONDS });
  }

  async current(req: Request): Promise<SignedInUser | null> {
    const token = readCookie(req, SESSION_COOKIE);
    return token ? this.store.user(token) : null;
  }

  async end(req: Request, res: Response): Promise<void> {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) await this.store.end(token);
    clearCookie(res, SESSION_COOKIE, this.secure);
  }
}
