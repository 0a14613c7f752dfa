import type { KeyObject } from 'node:crypto';
import { openWebhookSecret, preparedSigningKey } from '@cs/events';

/** Bounds the memory: far more subscriptions than one replica delivers to at once. */
const MAX_ENTRIES = 10_000;

/**
 * Signing keys opened once per sealed secret rather than once per attempt (an AES-GCM key setup and decryption,
 * then the HMAC key import, were about a tenth of a busy worker's CPU). Keyed by the sealed text, so a rotated
 * secret is a new entry and never a stale one.
 */
export class OpenedSecrets {
  private readonly opened = new Map<string, KeyObject>();

  constructor(private readonly secretKey: string) {}

  open(sealed: string): KeyObject {
    let key = this.opened.get(sealed);
    if (key === undefined) {
      key = preparedSigningKey(openWebhookSecret(this.secretKey, sealed));
      if (this.opened.size >= MAX_ENTRIES) this.opened.clear();
      this.opened.set(sealed, key);
    }
    return key;
  }
}
