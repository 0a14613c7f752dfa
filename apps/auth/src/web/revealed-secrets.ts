import { createHash, randomBytes } from 'node:crypto';
import { openText, sealText } from '@cs/domain';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { readCookie } from './cookies';
import { SESSION_COOKIE } from './web-sessions';

/** A secret shown once, right after it was created or rotated. */
export interface RevealedSecret {
  label: string;
  value: string;
}

/** Long enough to follow the redirect on a slow connection; a secret not looked at by then is gone for good. */
export const REVEAL_TTL_SECONDS = 300;
const PURPOSE = 'revealed-secret';
const ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The hand-over of a new secret from the form POST to the page the browser is redirected to (POST/redirect/GET,
 * issue 19: reloading re-posted "create" and made a second key). The POST keeps the secret under a random id for
 * a few minutes and redirects to `?revealed=<id>`; the first GET of that id in the same browser session takes it
 * (GETDEL, so a reload, a second tab or a replica shows it no more). The URL carries only the id; the Redis key
 * also names a digest of the session cookie, so the id is worth nothing in another session, and the value is
 * sealed with the cookie key, so Redis alone never holds a secret in clear.
 */
export class RevealedSecrets {
  constructor(
    private readonly redis: Redis,
    private readonly cookieKeys: readonly string[],
  ) {}

  /** Keeps a secret for the next page of this session; the id goes into the redirect. */
  async keep(req: Request, secret: RevealedSecret): Promise<string> {
    const session = sessionDigest(req);
    if (!session) throw new Error('RevealedSecrets.keep needs a signed-in session');
    const id = randomBytes(16).toString('base64url');
    const sealed = sealText(this.cookieKeys[0] as string, PURPOSE, JSON.stringify(secret));
    await this.redis.set(redisKey(session, id), sealed, 'EX', REVEAL_TTL_SECONDS);
    return id;
  }

  /** The secret kept under `id` for this session, once; undefined on every later call or in any other session. */
  async take(req: Request, id: unknown): Promise<RevealedSecret | undefined> {
    const session = sessionDigest(req);
    if (!session || typeof id !== 'string' || !ID.test(id)) return undefined;
    const sealed = await this.redis.getdel(redisKey(session, id));
    if (!sealed) return undefined;
    for (const key of this.cookieKeys) {
      try {
        return JSON.parse(openText(key, PURPOSE, sealed)) as RevealedSecret;
      } catch {
        // Sealed under another (older or newer) cookie key: try the next.
      }
    }
    return undefined;
  }
}

function sessionDigest(req: Request): string | undefined {
  const session = readCookie(req, SESSION_COOKIE);
  return session ? createHash('sha256').update(session).digest('base64url') : undefined;
}

const redisKey = (session: string, id: string) => `cs:auth:revealed:${session}:${id}`;
