import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie, writeCookie } from './cookies';
import { SESSION_COOKIE } from './web-sessions';

/** What the CSRF tokens need of the auth configuration: the cookie keys (first signs, all verify) and https. */
export interface CsrfConfig {
  AUTH_COOKIE_KEYS: readonly string[];
  secureCookies: boolean;
}

/**
 * The anonymous CSRF cookie of a browser without a session (the sign-in forms). `__Host-` whenever cookies are
 * Secure (production): such a cookie is host-only with Path=/, so a sibling subdomain cannot plant one.
 */
export const csrfCookieName = (secure: boolean): string => (secure ? '__Host-cs_csrf' : 'cs_csrf');

const RANDOM_VALUE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The CSRF token of a form: an HMAC, under the cookie key, of the session it is shown in (the session cookie once
 * signed in, else the browser's anonymous CSRF cookie), so a token is good for that session only and nobody
 * without the key can make one. A matching cookie and field pair alone (double submit) was accepted before
 * (issue 19: `cs_csrf=x` with `_csrf=x` created an API key).
 */
export function csrfToken(req: Request, res: Response, config: CsrfConfig): string {
  return sign(config.AUTH_COOKIE_KEYS[0] as string, sessionBinding(req, config) ?? startAnonymousSession(req, res, config));
}

/** Whether the posted `_csrf` field is the token of the session the request carries, under any cookie key. */
export function csrfValid(req: Request, config: CsrfConfig): boolean {
  const field = (req.body as Record<string, unknown> | undefined)?.['_csrf'];
  const binding = sessionBinding(req, config);
  if (typeof field !== 'string' || binding === undefined) return false;
  const posted = Buffer.from(field);
  return config.AUTH_COOKIE_KEYS.some((key) => {
    const expected = Buffer.from(sign(key, binding));
    return expected.length === posted.length && timingSafeEqual(expected, posted);
  });
}

function sign(key: string, binding: string): string {
  return createHmac('sha256', key).update(`csrf:${binding}`).digest('base64url');
}

/** The session a token is bound to: the signed-in session, else the browser's anonymous CSRF cookie, if any. */
function sessionBinding(req: Request, config: CsrfConfig): string | undefined {
  const session = readCookie(req, SESSION_COOKIE);
  if (session) return `session:${session}`;
  const anonymous = readCookie(req, csrfCookieName(config.secureCookies));
  return anonymous && RANDOM_VALUE.test(anonymous) ? `anonymous:${anonymous}` : undefined;
}

function startAnonymousSession(req: Request, res: Response, config: CsrfConfig): string {
  const name = csrfCookieName(config.secureCookies);
  const value = randomBytes(32).toString('base64url');
  writeCookie(res, name, value, { secure: config.secureCookies });
  // Later reads in this same request see the new cookie.
  req.headers.cookie = `${req.headers.cookie ? `${req.headers.cookie}; ` : ''}${name}=${value}`;
  return `anonymous:${value}`;
}
