import { parse, serialize, type SerializeOptions } from 'cookie';
import type { Request, Response } from 'express';

export function readCookie(req: Request, name: string): string | undefined {
  return parse(req.headers.cookie ?? '')[name];
}

/** HttpOnly, SameSite=Lax, Secure whenever the public URL is https. */
export function writeCookie(res: Response, name: string, value: string, options: { secure: boolean; maxAgeSeconds?: number }): void {
  const attrs: SerializeOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: options.secure };
  if (options.maxAgeSeconds !== undefined) attrs.maxAge = options.maxAgeSeconds;
  res.append('Set-Cookie', serialize(name, value, attrs));
}

export function clearCookie(res: Response, name: string, secure: boolean): void {
  res.append('Set-Cookie', serialize(name, '', { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 0 }));
}
