/**
 * The few parts of RFC 6265 a browser applies to one origin: cookies by name and path, replaced by a later
 * Set-Cookie of the same name and path, removed by Max-Age ≤ 0 or a past Expires, and sent where their path
 * matches. Domain, Secure and SameSite do not matter here: every request goes to the one plain-http origin.
 */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  /** Records the Set-Cookie headers of a response to `requestPath`. */
  store(setCookie: readonly string[] | undefined, requestPath: string, now = Date.now()): void {
    for (const header of setCookie ?? []) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let path = defaultPath(requestPath);
      let expired = false;
      for (const attribute of attributes) {
        const [rawKey = '', ...rest] = attribute.split('=');
        const key = rawKey.trim().toLowerCase();
        const arg = rest.join('=').trim();
        if (key === 'path' && arg.startsWith('/')) path = arg;
        else if (key === 'max-age' && /^-?\d+$/.test(arg)) expired = Number(arg) <= 0;
        else if (key === 'expires' && !attributes.some((a) => a.trim().toLowerCase().startsWith('max-age='))) {
          const at = Date.parse(arg);
          if (Number.isFinite(at)) expired = at <= now;
        }
      }
      const key = `${name}\u0000${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  /** The Cookie header for a request to `requestPath` (longer paths first, as browsers order them), or undefined. */
  header(requestPath: string): string | undefined {
    const matching = [...this.cookies.values()].filter((c) => pathMatches(requestPath, c.path)).sort((a, b) => b.path.length - a.path.length);
    return matching.length === 0 ? undefined : matching.map((c) => `${c.name}=${c.value}`).join('; ');
  }
}

/** RFC 6265 §5.1.4 default-path: the request path up to, not including, its last slash ("/" if none). */
function defaultPath(requestPath: string): string {
  const last = requestPath.lastIndexOf('/');
  return last <= 0 ? '/' : requestPath.slice(0, last);
}

/** RFC 6265 §5.1.4 path-match. */
export function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
