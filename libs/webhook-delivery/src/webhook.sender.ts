import { type IncomingHttpHeaders, request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { isIP } from 'node:net';
import { BlockedTargetError, pinnedLookup } from './pinned-lookup';
import { isAllowedTarget } from './target-address.filter';

/** Why an attempt failed; null on success (the `error_kind` column of webhook_attempts). */
export type AttemptErrorKind = 'timeout' | 'connection_refused' | 'dns' | 'tls' | 'blocked_target' | 'redirect' | 'http_status' | 'network';

/** Spec "Events": a 2xx within 5 seconds, connection included. */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** The delivery log keeps the first 4 KiB of an answer. */
export const RESPONSE_BODY_LIMIT = 4096;

export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  headers: Record<string, string> | null;
  /** At most RESPONSE_BODY_LIMIT bytes of UTF-8. */
  body: string | null;
  durationMs: number;
  errorKind: AttemptErrorKind | null;
  errorMessage: string | null;
}

export interface WebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: lets targets resolve to private and loopback addresses (development, tests). */
  allowPrivateTargets: boolean;
  /** NODE_ENV=production: plain http targets are refused. */
  requireHttps: boolean;
  timeoutMs?: number;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_|HOSTNAME_MISMATCH)/;

function classify(error: NodeJS.ErrnoException & { code?: string }): AttemptErrorKind {
  if (error instanceof BlockedTargetError) return 'blocked_target';
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_FAIL') return 'dns';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (TLS_CODES.test(code) || /certificate|ssl|tls/i.test(error.message)) return 'tls';
  return 'network';
}

/** Text that fits a Postgres text column (no NUL) and at most `limit` bytes of UTF-8 (cut on a character boundary). */
export function boundedText(bytes: Buffer, limit: number): string {
  let text = bytes.subarray(0, limit).toString('utf8').replaceAll('\u0000', '');
  // Invalid or cut sequences decode to U+FFFD (3 bytes), which can outgrow the limit: drop characters until it fits.
  while (Buffer.byteLength(text, 'utf8') > limit) text = text.slice(0, -1);
  return text;
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = (Array.isArray(value) ? value.join(', ') : value).replaceAll('\u0000', '');
  }
  return out;
}

/**
 * Sends webhook requests: one POST, no redirects followed, the whole exchange (DNS, connection, TLS, status line)
 * bounded by the timeout, the target vetted at resolution time. Never throws: every outcome is an AttemptOutcome
 * for the delivery log. Keeps connections alive per origin, so a busy endpoint does not pay a handshake per event.
 */
export class WebhookSender {
  private readonly httpAgent: HttpAgent;
  private readonly httpsAgent: HttpsAgent;
  private readonly timeoutMs: number;
  private readonly lookup: ReturnType<typeof pinnedLookup>;

  constructor(private readonly options: WebhookSenderOptions) {
    const lookup = pinnedLookup(options.allowPrivateTargets);
    this.lookup = lookup;
    this.httpAgent = new HttpAgent({ keepAlive: true, lookup, maxFreeSockets: 64 });
    this.httpsAgent = new HttpsAgent({ keepAlive: true, lookup, maxFreeSockets: 64 });
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  }

  async send(webhook: OutgoingWebhook): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const refuse = (kind: AttemptErrorKind, message: string): AttemptOutcome => ({
      ok: false, status: null, headers: null, body: null, durationMs: elapsed(), errorKind: kind, errorMessage: message,
    });
    let url: URL;
    try {
      url = new URL(webhook.url);
    } catch {
      return refuse('blocked_target', 'the endpoint URL is malformed');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('blocked_target', `${url.protocol} URLs are not delivered to`);
    if (url.protocol === 'http:' && this.options.requireHttps) return refuse('blocked_target', 'https is required in production');
    // A literal address never reaches the lookup, so it is vetted here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isAllowedTarget(host, this.options.allowPrivateTargets)) {
      return refuse('blocked_target', `${host} is not an address webhooks are sent to`);
    }
    const https = url.protocol === 'https:';
    const body = Buffer.from(webhook.body, 'utf8');
    const deadline = performance.now() + this.timeoutMs;
    const first = await this.exchange(url, https ? this.httpsAgent : this.httpAgent, webhook.headers, body, deadline);
    if (!first.staleConnection) return { ...first.outcome, durationMs: elapsed() };
    // The endpoint closed a kept-alive connection just as the request went out on it (a race every keep-alive
    // client meets when the server's idle timeout ends): nothing reached it, so it is sent once more, on a new
    // connection, within the same timeout. Not the endpoint's failure, and not an attempt of its own.
    const fresh = https ? new HttpsAgent({ lookup: this.lookup }) : new HttpAgent({ lookup: this.lookup });
    try {
      const second = await this.exchange(url, fresh, webhook.headers, body, deadline);
      return { ...second.outcome, durationMs: elapsed() };
    } finally {
      fresh.destroy();
    }
  }

  /** One POST on `agent`'s connection; `staleConnection` when a reused connection was reset before any answer. */
  private exchange(
    url: URL,
    agent: HttpAgent | HttpsAgent,
    headers: Record<string, string>,
    body: Buffer,
    deadline: number,
  ): Promise<{ outcome: Omit<AttemptOutcome, 'durationMs'>; staleConnection: boolean }> {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>, staleConnection = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ outcome, staleConnection });
      };
      const req = send(url, {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(body.length) },
      });
      const timer = setTimeout(() => {
        finish({ ok: false, status: null, headers: null, body: null, errorKind: 'timeout', errorMessage: `no answer within ${this.timeoutMs} ms` });
        req.destroy();
      }, Math.max(0, deadline - performance.now()));
      req.on('error', (error: NodeJS.ErrnoException) =>
        finish(
          { ok: false, status: null, headers: null, body: null, errorKind: classify(error), errorMessage: error.message },
          req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'),
        ),
      );
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const headers = flatHeaders(res.headers);
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = boundedText(Buffer.concat(chunks), RESPONSE_BODY_LIMIT);
          if (status >= 200 && status < 300) return finish({ ok: true, status, headers, body: text, errorKind: null, errorMessage: null });
          const redirect = status >= 300 && status < 400;
          finish({
            ok: false, status, headers, body: text,
            errorKind: redirect ? 'redirect' : 'http_status',
            errorMessage: redirect ? `redirected to ${headers['location'] ?? '(no location)'}; redirects are not followed` : `answered ${status}`,
          });
        };
        res.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_BODY_LIMIT) return;
          chunks.push(chunk);
          size += chunk.length;
          // The rest of a large answer is not needed: stop reading (the socket is not reused).
          if (size >= RESPONSE_BODY_LIMIT) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
        res.on('aborted', done);
      });
      req.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
