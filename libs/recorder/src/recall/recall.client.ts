import { z } from 'zod/v4';
import { ProviderHttpClient, ProviderHttpError, type ProviderHttpOptions } from '../http/provider-http.client';
import { BOT_ID_METADATA_KEY } from './recall-webhook.schema';

/**
 * Recall.ai's bot API, the calls we make (https://docs.recall.ai/reference/bot_create, bot_retrieve, bot_destroy,
 * bot_leave_call_create; base URLs per region on https://docs.recall.ai/docs/regions; idempotent POSTs on
 * https://docs.recall.ai/reference-link/idempotency). Authorization is `Token <key>` as the quickstart shows
 * (https://docs.recall.ai/docs/quickstart).
 */
export interface RecallClientOptions extends ProviderHttpOptions {
  baseUrl: string;
  apiKey: string;
}

/** Recall wants a scheduled bot's join_at at least this far ahead; a sooner one is sent at once (ad hoc). */
export const RECALL_SCHEDULE_LEAD_MS = 10 * 60_000;

const RecallBotSchema = z.object({
  id: z.string().min(1),
  recordings: z
    .array(
      z.object({
        id: z.string().optional(),
        started_at: z.string().nullable().optional(),
        completed_at: z.string().nullable().optional(),
        media_shortcuts: z
          .object({
            transcript: z
              .object({
                status: z.object({ code: z.string() }).nullable().optional(),
                data: z.object({ download_url: z.string().nullable().optional() }).nullable().optional(),
              })
              .nullable()
              .optional(),
          })
          .nullable()
          .optional(),
      }),
    )
    .optional(),
});
export type RecallBot = z.output<typeof RecallBotSchema>;

/** The transcript download's JSON (https://docs.recall.ai/docs/download-urls, "Transcript"). */
const RecallTranscriptSchema = z.array(
  z.object({
    participant: z.object({ id: z.union([z.number(), z.string()]).nullable().optional(), name: z.string().nullable().optional(), email: z.string().nullable().optional() }).nullable().optional(),
    language_code: z.string().nullable().optional(),
    words: z.array(
      z.object({
        text: z.string(),
        start_timestamp: z.object({ relative: z.number() }).nullable().optional(),
        end_timestamp: z.object({ relative: z.number() }).nullable().optional(),
      }),
    ),
  }),
);
export type RecallTranscript = z.output<typeof RecallTranscriptSchema>;

export type RecallCancelOutcome = 'deleted' | 'left_call' | 'gone';

export class RecallClient {
  private readonly http: ProviderHttpClient;
  private readonly baseUrl: string;

  constructor(private readonly options: RecallClientOptions) {
    this.http = new ProviderHttpClient(options);
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /**
   * Creates the Recall bot of our bot, idempotently: the Idempotency-Key is our bot id, so a retry after a crash
   * (or a lost answer) gets the bot the first request created. Returns Recall's bot id.
   */
  async createBot(bot: { id: string; meetingUrl: string; joinAt: Date | null }, now: Date = new Date()): Promise<string> {
    const scheduled = bot.joinAt !== null && bot.joinAt.getTime() - now.getTime() >= RECALL_SCHEDULE_LEAD_MS;
    const answer = await this.call('POST', '/api/v1/bot/', {
      headers: { 'Idempotency-Key': bot.id },
      json: {
        meeting_url: bot.meetingUrl,
        ...(scheduled ? { join_at: bot.joinAt!.toISOString() } : {}),
        metadata: { [BOT_ID_METADATA_KEY]: bot.id },
        recording_config: { transcript: { provider: { recallai_streaming: { mode: 'prioritize_accuracy' } } } },
      },
    });
    if (answer.status !== 201 && answer.status !== 200) throw this.failure('create bot', answer);
    return RecallBotSchema.parse(answer.body).id;
  }

  async getBot(providerBotId: string): Promise<RecallBot> {
    const answer = await this.call('GET', `/api/v1/bot/${encodeURIComponent(providerBotId)}/`);
    if (answer.status !== 200) throw this.failure('retrieve bot', answer);
    return RecallBotSchema.parse(answer.body);
  }

  /**
   * Takes a Recall bot off its meeting: deleted while Recall has not sent it yet; once it has (405), it is told
   * to leave the call instead. A bot Recall no longer knows (404) is gone already.
   */
  async cancelBot(providerBotId: string): Promise<RecallCancelOutcome> {
    const path = `/api/v1/bot/${encodeURIComponent(providerBotId)}/`;
    const deleted = await this.call('DELETE', path);
    if (deleted.status === 204 || deleted.status === 200) return 'deleted';
    if (deleted.status === 404) return 'gone';
    if (deleted.status !== 405) throw this.failure('delete bot', deleted);
    const left = await this.call('POST', `${path}leave_call/`);
    if (left.status === 200 || left.status === 201 || left.status === 204) return 'left_call';
    if (left.status === 404 || left.status === 400) return 'gone';
    throw this.failure('leave call', left);
  }

  /** The transcript of a recording, from its pre-signed download URL (no API key sent to it). */
  async downloadTranscript(url: string): Promise<RecallTranscript> {
    const answer = await this.http.request('GET', url);
    if (answer.status !== 200) throw new ProviderHttpError(answer.status, answer.body, `transcript download answered ${answer.status}`);
    return RecallTranscriptSchema.parse(answer.body);
  }

  private call(method: string, path: string, init: { headers?: Record<string, string>; json?: unknown } = {}) {
    return this.http.request(method, `${this.baseUrl}${path}`, { ...init, headers: { authorization: `Token ${this.options.apiKey}`, ...init.headers } });
  }

  private failure(what: string, answer: { status: number; body: unknown }): ProviderHttpError {
    const detail = typeof answer.body === 'object' && answer.body !== null ? JSON.stringify(answer.body).slice(0, 300) : String(answer.body ?? '');
    return new ProviderHttpError(answer.status, answer.body, `Recall ${what} answered ${answer.status}: ${detail}`);
  }
}
