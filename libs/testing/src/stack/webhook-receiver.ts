import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { sleep } from '../e2e/polling';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How one path answers: given the request and how many requests that path had before it. */
export type Answer = (req: IncomingMessage, res: ServerResponse, previous: number) => void;

/**
 * A subscriber's endpoint: records every request and answers per path (204 unless told otherwise). Signatures are
 * checked with the standardwebhooks reference library, not our own code.
 */
export class WebhookReceiver {
  readonly requests: ReceivedWebhook[] = [];
  private readonly answers = new Map<string, Answer>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0]!;
        const previous = this.requests.filter((r) => r.path === path).length;
        this.requests.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const answer = this.answers.get(path) ?? ((_q, s) => s.writeHead(204).end());
        answer(req, res, previous);
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(path: string, answer: Answer): void {
    this.answers.set(path, answer);
  }

  at(path: string): ReceivedWebhook[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Waits until `predicate` holds for the requests of the path (or fails with what arrived). */
  async waitFor(path: string, predicate: (requests: ReceivedWebhook[]) => boolean, timeoutMs = 30_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = this.at(path);
      if (predicate(got)) return got;
      if (Date.now() > deadline) throw new Error(`timed out waiting at ${path}; received ${got.length}: ${got.map((r) => r.body).join('\n')}`);
      await sleep(50);
    }
  }

  /** The envelope, verified with the reference library against `secret` (throws when the signature does not verify). */
  static verify<T = Envelope>(secret: string, request: ReceivedWebhook): T {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as T;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}

export interface Envelope {
  id: string;
  type: string;
  created_at: string;
  data: { id: string; title: string | null; started_at: string; status: string | null; error_reason?: string };
}
