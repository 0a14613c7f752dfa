import { openWebhookSecret } from '../webhook-secret';

/** Bounds the memory: far more subscriptions than one replica delivers to at once. */
const MAX_ENTRIES = 10_000;

/**
 * Signing secrets opened once per sealed value rather than once per attempt (an AES-GCM key setup and
 * decryption was 7% of a busy worker's CPU). Keyed by the sealed text, so a rotated secret is a new entry and
 * never a stale one.
 */
export class OpenedSecrets {
  private readonly opened = new Map<string, string>();

  constructor(private readonly secretKey: string) {}

  open(sealed: string): string {
    let secret = this.opened.get(sealed);
    if (secret === undefined) {
      secret = openWebhookSecret(this.secretKey, sealed);
      if (this.opened.size >= MAX_ENTRIES) this.opened.clear();
      this.opened.set(sealed, secret);
    }
    return secret;
  }
}
