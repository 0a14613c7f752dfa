import { ensureActiveSigningKey, loadSigningKeys, type SigningKeySet } from '@cs/oauth';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { AuthConfig } from '../config/auth-config';
import { createProvider, type ProviderDependencies } from './provider.factory';

const KEY_CHECK_INTERVAL_MS = 30_000;

/**
 * Holds the current oidc-provider instance. oidc-provider fixes its signing keys at construction, so after
 * `keys:rotate` a new instance is built with the new key and swapped in; all state lives in the adapter's
 * stores, so the swap loses nothing and every replica converges within one check interval.
 */
export class ProviderHolder {
  private provider!: Provider;
  private handler!: (req: IncomingMessage, res: ServerResponse) => void;
  private keys!: SigningKeySet;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly config: AuthConfig,
    private readonly deps: Omit<ProviderDependencies, 'signingKey' | 'config' | 'ds'>,
  ) {}

  async start(): Promise<void> {
    await ensureActiveSigningKey(this.ds, this.config.SIGNING_KEY_SECRET);
    await this.load();
    this.timer = setInterval(() => void this.checkKeys(), KEY_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  get current(): Provider {
    return this.provider;
  }

  get callback(): (req: IncomingMessage, res: ServerResponse) => void {
    return this.handler;
  }

  /** Public keys to publish: the active one and retired ones whose tokens may still be alive. */
  get publishedKeys(): SigningKeySet['published'] {
    return this.keys.published;
  }

  /**
   * The periodic check: reloads after a rotation. A failed check (Postgres unreachable, a key that no longer
   * decrypts) is logged with its error and changes nothing: the current provider keeps serving with the keys it
   * has, and the next check tries again.
   */
  async checkKeys(): Promise<void> {
    try {
      await this.reloadIfRotated();
    } catch (error) {
      this.deps.logger.error({ err: error, kid: this.keys.active.kid }, 'signing-key reload failed; still serving with the previous keys');
    }
  }

  async reloadIfRotated(): Promise<void> {
    const keys = await loadSigningKeys(this.ds, this.config.SIGNING_KEY_SECRET);
    if (keys.active.kid !== this.keys.active.kid || keys.published.length !== this.keys.published.length) await this.load(keys);
  }

  private async load(keys?: SigningKeySet): Promise<void> {
    const next = keys ?? (await loadSigningKeys(this.ds, this.config.SIGNING_KEY_SECRET));
    const provider = createProvider({ ...this.deps, config: this.config, ds: this.ds, signingKey: next.active });
    this.provider = provider;
    this.handler = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
    this.keys = next;
  }
}

export const PROVIDER_HOLDER = Symbol('PROVIDER_HOLDER');
