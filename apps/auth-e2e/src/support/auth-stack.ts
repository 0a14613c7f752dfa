import { OAuthStack, ready, type TestAppProcess } from '@cs/testing';
import { type CallbackServer, startCallbackServer } from './callback-server';

export type { Person, RegisteredClient } from '@cs/testing';

/** Fixed secrets, so a run is reproducible; the apps only require 32 characters or more. */
export const TEST_SIGNING_KEY_SECRET = 'auth-e2e-signing-key-secret-0123456789abcdefghijkl';
const TEST_COOKIE_KEYS = 'auth-e2e-cookie-key-0123456789abcdefghijklmnopqrstu';
const TEST_CURSOR_SECRET = 'auth-e2e-cursor-secret-0123456789abcdefghijklmnopq';

/**
 * Per test file: a database of its own, and the built auth and api apps started against it (nothing listens at
 * PUBLIC_MCP_URL in this suite), with a callback server that receives the redirects of every client registered
 * through `client()`. Registers beforeAll/afterAll hooks.
 */
export class AuthStack extends OAuthStack {
  private callbackServer: CallbackServer | undefined;

  constructor() {
    super({ emailPrefix: 'person', clientName: 'Acme Notes Sync' });
    beforeAll(async () => {
      await this.startTogether(this.startAuth(this.port.auth), this.start('api', { port: this.port.api, env: { CURSOR_SECRET: TEST_CURSOR_SECRET } }));
      // After the apps hold their ports: the ports were chosen free and released, and a callback server started
      // before them could be given the api's (it then answered the api's health check, and the tests).
      this.callbackServer = await startCallbackServer();
      this.onStop(() => this.callback.close());
    }, 120_000);
  }

  get apiResource(): string {
    return `${this.apiUrl}/api/v1`;
  }

  get callback(): CallbackServer {
    return ready(this.callbackServer, 'The callback server');
  }

  /** Another replica of the auth app: same database, Redis, cookie keys and issuer, its own port; stopped in afterAll. */
  async replica(): Promise<{ url: string }> {
    return { url: (await this.startAuth()).origin };
  }

  protected defaultRedirectUri(): string {
    return this.callback.redirectUri;
  }

  private startAuth(port?: number): Promise<TestAppProcess> {
    return this.start('auth', { port, env: { SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET, AUTH_COOKIE_KEYS: TEST_COOKIE_KEYS } });
  }
}

export const useAuthStack = (): AuthStack => new AuthStack();
