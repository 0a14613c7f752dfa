import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A test certificate authority and a certificate it issued for localhost and 127.0.0.1, made with openssl. */
interface TestCertificates {
  /** The CA's certificate file: what NODE_EXTRA_CA_CERTS names for the apps that must trust the server. */
  caFile: string;
  key: Buffer;
  cert: Buffer;
  cleanup(): void;
}

function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'cs-cimd-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '1', '-subj', '/CN=cs e2e test CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=localhost');
  writeFileSync(at('san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-out', at('server.pem'), '-days', '1', '-extfile', at('san.ext'));
  return { caFile: at('ca.pem'), key: readFileSync(at('server.key')), cert: readFileSync(at('server.pem')), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ServedDocument {
  body: string;
  headers?: Record<string, string>;
  /** Milliseconds before answering (a slow host). */
  delayMs?: number;
}

/**
 * The host of an assistant's Client ID Metadata Documents (e2e tests, the mcp bench): HTTPS on localhost with a certificate from a CA this
 * test made (the auth app trusts it through NODE_EXTRA_CA_CERTS, TLS checks stay on). Counts the fetches of each
 * path, so a test sees when the authorization server fetched and when it used its cache.
 */
export class MetadataDocumentServer {
  private readonly documents = new Map<string, ServedDocument>();
  private readonly fetches = new Map<string, number>();

  private readonly server: Server;

  private constructor(private readonly certificates: TestCertificates) {
    this.server = createServer({ key: certificates.key, cert: certificates.cert }, (req, res) => {
      const path = new URL(req.url ?? '/', 'https://localhost').pathname;
      this.fetches.set(path, (this.fetches.get(path) ?? 0) + 1);
      const document = this.documents.get(path);
      if (!document) {
        res.writeHead(404).end();
        return;
      }
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json', ...document.headers }).end(document.body), document.delayMs ?? 0);
    });
  }

  static async start(): Promise<MetadataDocumentServer> {
    const started = new MetadataDocumentServer(makeCertificates());
    // Every interface: `localhost` may resolve to ::1 or 127.0.0.1 in the auth app.
    await new Promise<void>((resolve) => started.server.listen(0, resolve));
    return started;
  }

  get caFile(): string {
    return this.certificates.caFile;
  }

  /** `https://localhost:<port><path>`: a client_id the MCP SDK and oidc-provider accept. */
  urlOf(path: string): string {
    return `https://localhost:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Serves a document at a path, and answers the URL it is served at. */
  serve(path: string, document: ServedDocument): string {
    this.documents.set(path, document);
    return this.urlOf(path);
  }

  /** Serves the metadata document of a public client whose client_id is the document's own URL. */
  serveClient(path: string, metadata: Record<string, unknown>, headers: Record<string, string> = { 'cache-control': 'max-age=600' }): string {
    const url = this.urlOf(path);
    this.serve(path, { body: JSON.stringify({ client_id: url, ...metadata }), headers });
    return url;
  }

  fetchCount(path: string): number {
    return this.fetches.get(path) ?? 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.certificates.cleanup();
  }
}
