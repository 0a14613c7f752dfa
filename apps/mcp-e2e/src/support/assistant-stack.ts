import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MetadataDocumentServer, OAuthStack } from '@cs/testing';

const TEST_SIGNING_KEY_SECRET = 'assistant-e2e-signing-key-secret-0123456789abcdefgh';
const TEST_COOKIE_KEYS = 'assistant-e2e-cookie-key-0123456789abcdefghijklmnopq';
const TEST_CURSOR_SECRET = 'assistant-e2e-cursor-secret-0123456789abcdefghijklm';

/** Dynamic registrations allowed per address and hour in this stack: few, so the limit is reached in a test. */
export const REGISTRATIONS_PER_HOUR = 12;

/**
 * Per test file: a database, the built auth, api and mcp apps, and the HTTPS host of the assistants' metadata
 * documents. The auth app trusts that host's test CA through NODE_EXTRA_CA_CERTS, and may fetch from a loopback
 * address only because CLIENT_METADATA_ALLOW_PRIVATE_TARGETS says so (as webhook tests do with theirs).
 */
export class AssistantStack extends OAuthStack {
  private documentServer: MetadataDocumentServer | undefined;
  private callbackServer: Server | undefined;

  constructor() {
    super({ emailPrefix: 'assistant-person', clientName: 'Registered app' });
    beforeAll(async () => {
      this.documentServer = await MetadataDocumentServer.start();
      this.onStop(() => this.documents.close());
      await this.startTogether(
        this.start('auth', {
          port: this.port.auth,
          env: {
            SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET,
            AUTH_COOKIE_KEYS: TEST_COOKIE_KEYS,
            NODE_EXTRA_CA_CERTS: this.documents.caFile,
            CLIENT_METADATA_ALLOW_PRIVATE_TARGETS: 'true',
            CLIENT_REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR),
          },
        }),
        this.start('api', { port: this.port.api, env: { CURSOR_SECRET: TEST_CURSOR_SECRET } }),
        this.start('mcp', { port: this.port.mcp, env: { CURSOR_SECRET: TEST_CURSOR_SECRET } }),
      );
      // The assistants' redirect URI, where the browser lands with the code; started once the apps hold their ports,
      // so it is never handed one of theirs.
      const callback = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('back at the assistant'));
      await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
      this.callbackServer = callback;
      this.onStop(() => new Promise<void>((resolve) => {
        callback.closeAllConnections();
        callback.close(() => resolve());
      }));
    }, 120_000);
  }

  get documents(): MetadataDocumentServer {
    if (!this.documentServer) throw new Error('The metadata document server is not ready');
    return this.documentServer;
  }

  /** Where the assistants' redirect URIs point: `http://127.0.0.1:<port>`. */
  get callbackOrigin(): string {
    if (!this.callbackServer) throw new Error('The callback server is not ready');
    return `http://127.0.0.1:${(this.callbackServer.address() as AddressInfo).port}`;
  }

  protected defaultRedirectUri(): string {
    return `${this.callbackOrigin}/callback`;
  }
}

export const useAssistantStack = (): AssistantStack => new AssistantStack();
