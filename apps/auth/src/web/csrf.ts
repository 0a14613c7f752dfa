import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie, writeCookie } from './cookies';

const CSRF_COOKIE = 'cs_csrf';

/**
 * Double-submit CSRF protection: a random token in an HttpOnly, SameSite=Lax cookie, repeated in a hidden
 * `_csrf` field of every form. Another site can neither read the cookie nor set it, so it cannot forge the pair.
 */
export function csrfToken(req: Request, res: Response, secure: boolean): string {
  const existing = readCookie(req, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  writeCookie(res, CSRF_COOKIE, token, { secure });
  // Later reads in this same request see the new token.
  req.headers.cookie = `${req.headers.cookie ? `${req.headers.cookie}; ` : ''}${CSRF_COOKIE}=${token}`;
  return token;
}

export function csrfValid(req: Request): boolean {
  const cookie = readCookie(req, CSRF_COOKIE);
  const field = (req.body as Record<string, unknown> | undefined)?.['_csrf'];
  if (!cookie || typeof field !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(field);
  return a.length === b.length && timingSafeEqual(a, b);
}
