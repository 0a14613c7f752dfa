import type { AdapterPayload } from 'oidc-provider';

/**
 * Client metadata kept for a short while, consulted only by refresh-token grants (every other endpoint reads
 * oauth_clients afresh). It needs no invalidation message to be safe: the refresh grant's own statement checks in
 * Postgres that the client still exists with the secret this request authenticated with (oidc-adapter's
 * FIND_REFRESH_TOKEN), so a deleted client or a rotated secret is refused at once on every replica, and a
 * client presenting its new secret to a replica that still holds the old digest is checked against Postgres
 * before it is refused. The lifetime only bounds how long the other fields (name, logo, redirect URIs: none of
 * which a refresh grant uses) may lag behind.
 */
export class ClientCache {
  private readonly entries = new Map<string, { payload: AdapterPayload; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(clientId: string): AdapterPayload | undefined {
    const entry = this.entries.get(clientId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.payload;
    this.entries.delete(clientId);
    return undefined;
  }

  set(clientId: string, payload: AdapterPayload): void {
    this.entries.delete(clientId);
    // A Map iterates in insertion order: the first key is the entry written longest ago.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(clientId, { payload, until: this.now() + this.ttlMs });
  }

  evict(clientId: string): void {
    this.entries.delete(clientId);
  }
}
