import { recordSignInAttempt, userIdForCredentials } from '@cs/accounts';
import type { RowQueryable } from '@cs/persistence';
import type { Request, Response } from 'express';
import type { SignInThrottle } from './sign-in.throttle';
import type { WebSessions } from './web-sessions';

export type SignInOutcome =
  | { ok: true; userId: string }
  | { ok: false; status: 400 | 401 | 429; error: string; throttledSeconds?: number };

const EMAIL = /^[^\s@]{1,200}@[^\s@]{1,200}$/;

/** Email and password sign-in, shared by the OAuth interaction and the account pages. */
export class SignInService {
  constructor(
    private readonly db: RowQueryable,
    private readonly throttle: SignInThrottle,
    private readonly sessions: WebSessions,
  ) {}

  async attempt(req: Request, res: Response, body: Record<string, unknown>): Promise<SignInOutcome> {
    const email = typeof body['email'] === 'string' ? body['email'].trim() : '';
    const password = typeof body['password'] === 'string' ? body['password'] : '';
    if (!EMAIL.test(email) || password.length === 0 || password.length > 1000) {
      return { ok: false, status: 400, error: 'Enter your email address and password.' };
    }
    const ip = req.ip ?? 'unknown';
    const wait = await this.throttle.blockedFor(email, ip);
    if (wait > 0) return { ok: false, status: 429, error: 'Too many attempts.', throttledSeconds: wait };
    const userId = await userIdForCredentials(this.db, email, password);
    await recordSignInAttempt(this.db, { email, ip, succeeded: userId !== null });
    if (!userId) {
      await this.throttle.recordFailure(email, ip);
      return { ok: false, status: 401, error: 'The email address or password is not correct.' };
    }
    await this.throttle.clear(email, ip);
    await this.sessions.start(res, userId);
    return { ok: true, userId };
  }
}
