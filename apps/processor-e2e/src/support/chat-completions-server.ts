import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the next request to the fake model gets: an answer (after a delay), or an OpenAI-style error. */
export type ModelBehaviour =
  | { kind: 'answer'; summary: string; digest: string; delayMs?: number }
  | { kind: 'error'; status: number; type: string; message: string };

/**
 * A local server that follows OpenAI's documented Chat Completions contract (POST {base}/chat/completions with
 * `model` and `messages`; answers `choices[0].message.content`; errors as `{ error: { message, type, code } }`).
 * The LLM is a third-party service we cannot run here, so tests use this in its place.
 */
export class ChatCompletionsServer {
  private server: Server | undefined;
  private behaviour: ModelBehaviour = { kind: 'answer', summary: 'Overview.\n\n## Topic\n- point', digest: 'A meeting.' };
  readonly requests: Array<{ model: string; messages: Array<{ role: string; content: string }> }> = [];
  private waiters: Array<() => void> = [];

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  behave(behaviour: ModelBehaviour): void {
    this.behaviour = behaviour;
  }

  /** Resolves when the fake model has received `count` requests in all. */
  received(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(() => this.requests.length >= count && resolve()));
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return send(404, { error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: 'invalid_request_error', code: 'unknown_url' } });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; messages: Array<{ role: string; content: string }> };
    this.requests.push(body);
    for (const wake of this.waiters) wake();
    const behaviour = this.behaviour;
    if (behaviour.kind === 'error') {
      return send(behaviour.status, { error: { message: behaviour.message, type: behaviour.type, code: null } });
    }
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    if (res.destroyed) return;
    send(200, {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: JSON.stringify(asStructure(behaviour.summary, behaviour.digest)) },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    });
  }
}

/**
 * The summary structure the summarizer asks for with its JSON-schema response format (Structured Outputs), from a
 * Markdown summary of an overview paragraph and `## ` sections of `- ` bullets, so the processor renders it back the same.
 */
function asStructure(summary: string, digest: string) {
  const [overview = '', ...blocks] = summary.split('\n\n');
  const sections = blocks.map((block) => {
    const [heading = '', ...bullets] = block.split('\n');
    return { heading: heading.replace(/^## /, ''), bullets: bullets.map((b) => b.replace(/^- /, '')) };
  });
  return { digest, overview, sections, key_principles: [], decisions: [], action_items: [] };
}
