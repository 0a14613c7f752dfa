import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A local stand-in for Recall.ai's bot API, written from its published documentation (Recall is a SaaS we cannot
 * run here). Pages followed:
 * - "Create Bot", "Retrieve Bot", "Delete Bot", "Leave Call" (API reference, https://docs.recall.ai/reference/bot_create,
 *   …/bot_retrieve, …/bot_destroy, …/bot_leave_call_create): POST /api/v1/bot/ with meeting_url, join_at, metadata and
 *   recording_config.transcript; GET /api/v1/bot/{id}/ with recordings[].media_shortcuts.transcript; DELETE only
 *   before the bot is sent (405 after); POST /api/v1/bot/{id}/leave_call/.
 * - "Quickstart" (https://docs.recall.ai/docs/quickstart): `Authorization: Token <key>`, base URL per region.
 * - "Idempotency" (https://docs.recall.ai/reference-link/idempotency): a POST repeated with the same key for the same
 *   method and endpoint gets the original response instead of running again.
 * - "API Error Codes" (https://docs.recall.ai/reference/errors): 429 with Retry-After in seconds, 405 on a DELETE of a
 *   dispatched bot, 409 to retry.
 * - "Bot Status Change Webhooks" (https://docs.recall.ai/docs/bot-status-change-events) and "Bot Sub Codes"
 *   (https://docs.recall.ai/docs/sub-codes): one event per status, `bot.<code>`, with data.data { code, sub_code,
 *   updated_at } and data.bot { id, metadata }; sub-codes are an open set.
 * - "Verifying webhooks" (https://docs.recall.ai/docs/authenticating-requests-from-recallai, "Status Change Webhooks:
 *   Setup & Verification"): Svix signing, `webhook-id`/`webhook-timestamp`/`webhook-signature` (or `svix-*` on older
 *   workspaces) with a `whsec_` secret. Signed here with the standardwebhooks reference library, not our own code.
 * - "Download Schemas" (https://docs.recall.ai/docs/download-urls): the transcript JSON, a list of
 *   { participant { id, name, email }, words [{ text, start_timestamp { relative }, end_timestamp { relative } }] }.
 *
 * What a bot does is scripted by the last path segment of its meeting URL (see `scriptFor`).
 */

/** What happens in a meeting, by the last path segment of its URL. */
export interface RecallScript {
  /** Status codes sent in order, each with an optional sub-code; `done` ends a recorded meeting. */
  steps: Array<{ code: string; subCode?: string }>;
  /** Every webhook delivered twice (same message id, as a redelivery), then late ones after the last step. */
  duplicateAndLate?: boolean;
  /** Webhooks signed with the legacy svix-* headers. */
  legacyHeaders?: boolean;
  /** Creation answered 429 (Retry-After: 1) this many times first. */
  rateLimited?: number;
  /** The first creation's bot is made, but its answer is lost (the connection drops), so the caller retries. */
  loseFirstAnswer?: boolean;
  /** The first transcript download is held open and never answered (a processor killed while fetching). */
  holdFirstTranscript?: boolean;
}

const RECORDED = [{ code: 'joining_call' }, { code: 'in_waiting_room' }, { code: 'in_call_not_recording' }, { code: 'in_call_recording' }, { code: 'call_ended', subCode: 'call_ended_by_host' }, { code: 'recording_done' }, { code: 'done' }];
const fatal = (subCode: string, afterWaitingRoom = false) => [{ code: 'joining_call' }, ...(afterWaitingRoom ? [{ code: 'in_waiting_room' }] : []), { code: 'fatal', subCode }];
const notLetIn = (subCode: string) => [{ code: 'joining_call' }, { code: 'in_waiting_room' }, { code: 'call_ended', subCode }, { code: 'done' }];

export function scriptFor(meetingUrl: string): RecallScript {
  const last = new URL(meetingUrl).pathname.split('/').filter(Boolean).pop() ?? '';
  switch (last) {
    case 'waiting-room-timeout':
      return { steps: notLetIn('timeout_exceeded_waiting_room') };
    case 'kicked-from-waiting-room':
      return { steps: notLetIn('bot_kicked_from_waiting_room') };
    case 'sign-in-required':
      return { steps: fatal('meeting_requires_sign_in') };
    case 'zoom-registration':
      return { steps: fatal('zoom_registration_required') };
    case 'captcha':
      return { steps: fatal('google_meet_sign_in_captcha_failed') };
    case 'unknown-sub-code':
      return { steps: fatal('zoom_some_future_problem_2027', true) };
    case 'duplicate-and-late':
      return { steps: RECORDED, duplicateAndLate: true };
    case 'legacy-headers':
      return { steps: RECORDED, legacyHeaders: true };
    case 'rate-limited':
      return { steps: RECORDED, rateLimited: 3 };
    case 'lost-answer':
      return { steps: RECORDED, loseFirstAnswer: true };
    case 'held-transcript':
      return { steps: RECORDED, holdFirstTranscript: true };
    default:
      return { steps: RECORDED };
  }
}

/** The meeting every recorded bot gets: three participants, two of them known by e-mail (calendar data). */
const LINES: Array<[number, string, string | null, string]> = [
  [100, 'Ada Lovelace', 'ada@example.com', 'Thanks for joining. Today we settle the rollout plan for the mobile release.'],
  [200, 'Grace Hopper', 'grace@example.com', 'The beta feedback is positive, but offline sync still loses edits in rare cases.'],
  [100, 'Ada Lovelace', 'ada@example.com', 'Then we fix the sync issue first and ship the release one week later.'],
  [300, 'Alan Turing', null, 'Support needs the release notes two days before the launch.'],
  [200, 'Grace Hopper', 'grace@example.com', 'I will write the release notes and share them with support by Thursday.'],
];

export function recallTranscriptFixture(): unknown[] {
  let t = 1.5;
  return LINES.map(([id, name, email, text]) => {
    const words = text.split(' ').map((word) => {
      const start = t;
      t += 0.4;
      return { text: word, start_timestamp: { relative: Number(start.toFixed(2)), absolute: null }, end_timestamp: { relative: Number((start + 0.35).toFixed(2)), absolute: null } };
    });
    t += 1;
    return { participant: { id, name, is_host: id === 100, platform: 'desktop', extra_data: null, email }, language_code: 'en', words };
  });
}

interface FakeBot {
  id: string;
  meetingUrl: string;
  joinAt: string | null;
  metadata: Record<string, unknown>;
  script: RecallScript;
  statusChanges: Array<{ code: string; sub_code: string | null; created_at: string }>;
  dispatched: boolean;
  deleted: boolean;
  leftCall: boolean;
  timer?: NodeJS.Timeout;
  recordingStartedAt?: string;
  recordingCompletedAt?: string;
}

export interface FakeRecallOptions {
  apiKey: string;
  /** whsec_… */
  webhookSecret: string;
  /** Pause between two status changes of a bot. */
  stepMs?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  status: number;
}

export class FakeRecallServer {
  private server: Server | undefined;
  private readonly bots = new Map<string, FakeBot>();
  private readonly byIdempotencyKey = new Map<string, string>();
  private readonly rateLimitedSoFar = new Map<string, number>();
  private readonly heldTranscripts = new Set<string>();
  private readonly webhook: Webhook;
  readonly requests: LoggedRequest[] = [];
  /** Webhooks our endpoint answered, with its status. */
  readonly deliveries: Array<{ botId: string; event: string; status: number }> = [];
  /** Where Recall sends status webhooks (the endpoint registered in its dashboard). */
  webhookUrl = '';

  constructor(private readonly options: FakeRecallOptions) {
    this.webhook = new Webhook(options.webhookSecret);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  private closed = false;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroyed || res.writeHead(500).end()));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    // Scripts still running stop at their next step, so nothing keeps the test process alive after the suite.
    this.closed = true;
    for (const bot of this.bots.values()) clearTimeout(bot.timer);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The Recall bots created for a meeting URL (one, when creation is idempotent). */
  botsFor(meetingUrl: string): FakeBot[] {
    return [...this.bots.values()].filter((bot) => bot.meetingUrl === meetingUrl);
  }

  requestsTo(method: string, pathPrefix: string): LoggedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  /** Delivers one status webhook about a bot now, as Recall would (for late or forged events in tests). */
  async sendStatus(botId: string, code: string, subCode: string | null = null, messageId = `msg_${randomUUID()}`): Promise<number> {
    const bot = this.bots.get(botId);
    if (!bot) throw new Error(`no fake Recall bot ${botId}`);
    return this.deliver(bot, code, subCode, messageId);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const idempotencyKey = header(req, 'idempotency-key');
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}): void => {
      this.requests.push({ method: req.method ?? '', path, idempotencyKey, status });
      res.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }).end(body === undefined ? undefined : JSON.stringify(body));
    };

    const transcript = /^\/media\/transcripts\/([^/]+)\.json$/.exec(path);
    if (transcript && req.method === 'GET') return this.transcript(transcript[1]!, req, send);

    const auth = header(req, 'authorization');
    if (auth !== `Token ${this.options.apiKey}` && auth !== this.options.apiKey) return send(401, { detail: 'Invalid token.' });

    if (path === '/api/v1/bot/' && req.method === 'POST') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { meeting_url?: string };
      const lose = body.meeting_url !== undefined && scriptFor(body.meeting_url).loseFirstAnswer && this.botsFor(body.meeting_url).length === 0;
      return this.create(body, idempotencyKey, lose ? () => void (this.requests.push({ method: 'POST', path, idempotencyKey, status: 0 }), res.destroy()) : send);
    }
    const one = /^\/api\/v1\/bot\/([^/]+)\/(leave_call\/)?$/.exec(path);
    const bot = one ? this.bots.get(one[1]!) : undefined;
    if (!one || !bot || bot.deleted) return send(404, { detail: 'Not found.' });
    if (one[2] && req.method === 'POST') {
      if (!bot.dispatched) return send(400, { detail: 'Bot has not joined the call.' });
      bot.leftCall = true;
      return send(200, this.view(bot));
    }
    if (req.method === 'GET') return send(200, this.view(bot));
    if (req.method === 'DELETE') {
      // "if calling DELETE, the bot has already been dispatched" (API Error Codes, 405).
      if (bot.dispatched) return send(405, { detail: 'Bot has already been dispatched and cannot be deleted.' });
      clearTimeout(bot.timer);
      bot.deleted = true;
      return send(204);
    }
    return send(405, { detail: 'Method not allowed.' });
  }

  private create(body: { meeting_url?: string; join_at?: string; metadata?: Record<string, unknown> }, key: string | undefined, send: (status: number, body?: unknown, headers?: Record<string, string>) => void): void {
    if (!body.meeting_url) return send(400, { meeting_url: ['This field is required.'] });
    if (body.meeting_url.endsWith('/unsupported')) return send(400, { meeting_url: ['Could not parse meeting URL.'] });
    const script = scriptFor(body.meeting_url);
    const limited = this.rateLimitedSoFar.get(body.meeting_url) ?? 0;
    if (limited < (script.rateLimited ?? 0)) {
      this.rateLimitedSoFar.set(body.meeting_url, limited + 1);
      return send(429, { detail: 'Request was throttled.' }, { 'retry-after': '1' });
    }
    const existing = key ? this.bots.get(this.byIdempotencyKey.get(key) ?? '') : undefined;
    if (existing) return send(201, this.view(existing));
    const bot: FakeBot = {
      id: randomUUID(),
      meetingUrl: body.meeting_url,
      joinAt: body.join_at ?? null,
      metadata: body.metadata ?? {},
      script,
      statusChanges: [],
      dispatched: false,
      deleted: false,
      leftCall: false,
    };
    this.bots.set(bot.id, bot);
    if (key) this.byIdempotencyKey.set(key, bot.id);
    const startIn = bot.joinAt ? Math.max(0, Date.parse(bot.joinAt) - Date.now()) : (this.options.stepMs ?? 50);
    bot.timer = setTimeout(() => void this.run(bot), startIn);
    send(201, this.view(bot));
  }

  private async run(bot: FakeBot): Promise<void> {
    bot.dispatched = true;
    const sent: Array<{ code: string; subCode: string | null }> = [];
    for (const step of bot.script.steps) {
      if (this.closed) return;
      if (bot.leftCall && step.code !== 'done') continue;
      await new Promise((r) => setTimeout(r, this.options.stepMs ?? 50));
      const now = new Date().toISOString();
      if (step.code === 'in_call_recording') bot.recordingStartedAt = now;
      if (step.code === 'recording_done' || (step.code === 'call_ended' && bot.recordingStartedAt)) bot.recordingCompletedAt ??= now;
      bot.statusChanges.push({ code: step.code, sub_code: step.subCode ?? null, created_at: now });
      const messageId = `msg_${randomUUID()}`;
      await this.deliver(bot, step.code, step.subCode ?? null, messageId);
      if (bot.script.duplicateAndLate) await this.deliver(bot, step.code, step.subCode ?? null, messageId);
      sent.push({ code: step.code, subCode: step.subCode ?? null });
    }
    if (bot.script.duplicateAndLate) {
      // Late: statuses from before the end, delivered again under new message ids after it.
      for (const code of ['in_call_recording', 'joining_call', 'done']) await this.deliver(bot, code, null, `msg_${randomUUID()}`);
    }
  }

  /** Posts one signed webhook to our endpoint; retried a few times on failure, as Svix does (sooner here). */
  private async deliver(bot: FakeBot, code: string, subCode: string | null, messageId: string): Promise<number> {
    const change = bot.statusChanges.find((c) => c.code === code);
    const body = JSON.stringify({
      event: `bot.${code}`,
      data: { data: { code, sub_code: subCode, updated_at: change?.created_at ?? new Date().toISOString() }, bot: { id: bot.id, metadata: bot.metadata } },
    });
    let status = 0;
    for (let attempt = 0; attempt < 5 && !this.closed; attempt++) {
      const now = new Date();
      const signature = this.webhook.sign(messageId, now, body);
      const prefix = bot.script.legacyHeaders ? 'svix' : 'webhook';
      try {
        const response = await fetch(this.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [`${prefix}-id`]: messageId,
            [`${prefix}-timestamp`]: String(Math.floor(now.getTime() / 1000)),
            [`${prefix}-signature`]: signature,
          },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      this.deliveries.push({ botId: bot.id, event: `bot.${code}`, status });
      if (status >= 200 && status < 300) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return status;
  }

  private transcript(botId: string, req: IncomingMessage, send: (status: number, body?: unknown) => void): void {
    const bot = this.bots.get(botId);
    if (!bot) return send(404, { detail: 'Not found.' });
    if (bot.script.holdFirstTranscript && !this.heldTranscripts.has(botId)) {
      // Never answered: the caller is killed while it waits. Logged, so a test can see the fetch began.
      this.heldTranscripts.add(botId);
      this.requests.push({ method: 'GET', path: req.url ?? '', idempotencyKey: undefined, status: 0 });
      return;
    }
    send(200, recallTranscriptFixture());
  }

  /** A bot as Retrieve Bot answers it (the fields we read, and a few around them). */
  private view(bot: FakeBot): unknown {
    const recorded = bot.statusChanges.some((c) => c.code === 'in_call_recording');
    const finished = bot.statusChanges.some((c) => c.code === 'done');
    return {
      id: bot.id,
      meeting_url: { meeting_id: bot.meetingUrl, platform: 'google_meet' },
      bot_name: 'Meeting Notetaker',
      join_at: bot.joinAt,
      metadata: bot.metadata,
      status_changes: bot.statusChanges,
      recordings: recorded
        ? [
            {
              id: `rec-${bot.id}`,
              started_at: bot.recordingStartedAt ?? null,
              completed_at: bot.recordingCompletedAt ?? null,
              status: { code: finished ? 'done' : 'processing' },
              media_shortcuts: {
                transcript: {
                  id: `tr-${bot.id}`,
                  status: { code: finished ? 'done' : 'processing' },
                  data: { download_url: finished ? `${this.baseUrl}/media/transcripts/${bot.id}.json` : null },
                },
              },
            },
          ]
        : [],
    };
  }
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
