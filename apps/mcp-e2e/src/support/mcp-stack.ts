import { OAuthStack } from '@cs/testing';

export type { Person, RegisteredClient } from '@cs/testing';

const TEST_SIGNING_KEY_SECRET = 'mcp-e2e-signing-key-secret-0123456789abcdefghijklm';
const TEST_COOKIE_KEYS = 'mcp-e2e-cookie-key-0123456789abcdefghijklmnopqrstuv';
const TEST_CURSOR_SECRET = 'mcp-e2e-cursor-secret-0123456789abcdefghijklmnopqr';

/** Never contacted: the headless user reads the code from the Location header of the redirect to it. */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** Settings of the mcp app on top of the stack's; a function is read when the apps start, after earlier beforeAll hooks. */
export type McpEnv = Record<string, string> | (() => Record<string, string>);

/**
 * Per test file: a database of its own and the built auth, api and mcp apps started against it, each knowing
 * the others' public URLs as in a deployment. Registers beforeAll/afterAll hooks.
 */
export class McpStack extends OAuthStack {
  /** mcpEnv: settings of the mcp app on top of the stack's (e.g. MCP_ALLOWED_ORIGINS). */
  constructor(mcpEnv: McpEnv = {}) {
    super({ emailPrefix: 'mcp-person', clientName: 'Acme Assistant' });
    beforeAll(async () => {
      await this.startTogether(
        this.start('auth', { port: this.port.auth, env: { SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET, AUTH_COOKIE_KEYS: TEST_COOKIE_KEYS } }),
        this.start('api', { port: this.port.api, env: { CURSOR_SECRET: TEST_CURSOR_SECRET } }),
        this.start('mcp', { port: this.port.mcp, env: { CURSOR_SECRET: TEST_CURSOR_SECRET, ...(typeof mcpEnv === 'function' ? mcpEnv() : mcpEnv) } }),
      );
    }, 120_000);
  }

  protected defaultRedirectUri(): string {
    return REDIRECT_URI;
  }
}

export const useMcpStack = (mcpEnv: McpEnv = {}): McpStack => new McpStack(mcpEnv);
